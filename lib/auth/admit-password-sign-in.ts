import { consumeRateLimit, refundRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { rateLimitPolicy } from "@/lib/rate-limit/policy-in-force";
import { emailSchema } from "@/lib/users/user-schema";

type SignInAdmission =
  | { admitted: true; succeeded(): Promise<void> }
  | { admitted: false; retryAfterSeconds: number };

/**
 * Every password check is counted against the account and the client address before the
 * password is hashed, so guessing is slowed at each door that checks a password and costs no
 * bcrypt work once refused. Counting first (not after a failure) keeps a burst of parallel guesses
 * within the limit too. A correct password gives its points back: only failures add up.
 */
export async function admitPasswordSignIn(email: unknown, clientAddress: string): Promise<SignInAdmission> {
  const parsed = emailSchema.safeParse(email);
  const account = parsed.success ? parsed.data : undefined;
  const byAccountPolicy = rateLimitPolicy("sign-in-account");
  const byAddressPolicy = rateLimitPolicy("sign-in-address");

  const byAddress = await consumeRateLimit(byAddressPolicy, clientAddress);
  if (!byAddress.allowed) return { admitted: false, retryAfterSeconds: byAddress.retryAfterSeconds };
  if (account) {
    const byAccount = await consumeRateLimit(byAccountPolicy, account);
    if (!byAccount.allowed) return { admitted: false, retryAfterSeconds: byAccount.retryAfterSeconds };
  }
  return {
    admitted: true,
    succeeded: async () => {
      await refundRateLimit(byAddressPolicy, clientAddress);
      if (account) await refundRateLimit(byAccountPolicy, account);
    },
  };
}
