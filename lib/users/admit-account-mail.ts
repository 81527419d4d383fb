import { DomainError } from "@/lib/errors";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { rateLimitPolicy } from "@/lib/rate-limit/policy-in-force";
import { retryAfterText } from "@/lib/rate-limit/retry-after-text";

/**
 * Counts one mail about an account to this address, before anything is looked up: the count and
 * the refusal are the same whether the address has an account or not, so neither tells.
 */
export async function admitAccountMail(email: string): Promise<void> {
  const decision = await consumeRateLimit(rateLimitPolicy("account-mail"), email);
  if (!decision.allowed) {
    throw new DomainError(
      "VALIDATION_ERROR",
      `Several mails went to this address in the last hour. Try again ${retryAfterText(decision.retryAfterSeconds)}.`,
      { retryAfterSeconds: decision.retryAfterSeconds },
    );
  }
}
