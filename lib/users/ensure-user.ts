import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { lockEmailAddress } from "./lock-email-address";
import { markEmailVerified } from "./mark-email-verified";
import { emailSchema, type UserView } from "./user-schema";

/**
 * Finds a person by email or creates one without a password, for the operator's commands. The
 * operator vouches for the address they type, so a new account counts as confirmed (and receives
 * its invitations); an existing account is left as it is.
 */
export async function ensureUser(email: string, name?: string | null): Promise<UserView> {
  const normalized = parseOrThrow(emailSchema, email);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await lockEmailAddress(tx, normalized);
    const existing = await tx.user.findUnique({ where: { email: normalized } });
    if (existing) return { id: existing.id, email: existing.email, name: existing.name };
    const now = new Date();
    const user = await tx.user.create({ data: { email: normalized, name: name?.trim() || null, emailVerifiedAt: now, createdAt: now } });
    await markEmailVerified(tx, user, now);
    return { id: user.id, email: user.email, name: user.name };
  }, transactionOptions);
}
