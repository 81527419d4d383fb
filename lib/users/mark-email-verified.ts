import type { Tx } from "@/lib/db/transaction";
import { acceptInvitations } from "@/lib/projects/accept-invitations";

/**
 * The address of this account is proven: record it, retire its confirmation links (also any that
 * would let someone else take the account over) and turn its pending invitations into memberships.
 * The caller holds the address's lock (lockEmailAddress).
 */
export async function markEmailVerified(tx: Tx, user: { id: string; email: string; emailVerifiedAt: Date | null }, now: Date): Promise<void> {
  if (!user.emailVerifiedAt) await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: now } });
  await tx.emailConfirmation.deleteMany({ where: { userId: user.id } });
  await acceptInvitations(tx, user, now);
}
