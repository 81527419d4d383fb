import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { endAccountAccess } from "./end-account-access";
import { lockEmailAddress } from "./lock-email-address";
import { markEmailVerified } from "./mark-email-verified";
import { emailSchema, type UserView } from "./user-schema";

/**
 * The account of someone arriving through GitHub or OIDC with an address the provider has verified
 * (lib/auth/next-auth.ts admits no other): found or created, and confirmed, so invitations to the
 * address become memberships. An account with a password that nobody had confirmed was made without
 * proof of the address: the provider's proof wins, and the password and everything it opened end.
 */
export async function accountForProviderEmail(email: string, name?: string | null): Promise<UserView> {
  const normalized = parseOrThrow(emailSchema, email);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await lockEmailAddress(tx, normalized);
    const now = new Date();
    let user = await tx.user.findUnique({ where: { email: normalized } });
    if (!user) {
      user = await tx.user.create({ data: { email: normalized, name: name?.trim() || null, emailVerifiedAt: now, createdAt: now } });
    } else if (!user.emailVerifiedAt && user.passwordHash) {
      await endAccountAccess(tx, user.id, now);
      user = await tx.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    }
    await markEmailVerified(tx, user, now);
    return { id: user.id, email: user.email, name: user.name };
  }, transactionOptions);
}
