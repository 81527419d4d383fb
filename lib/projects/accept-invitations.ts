import type { Tx } from "@/lib/db/transaction";
import { recordEventsIn } from "@/lib/events/record-events";
import { membershipChanged } from "./membership-changed";

/**
 * Turns every pending invitation of a confirmed address into a membership of its account. Runs in
 * the transaction that confirms the address, under its email lock (lib/users/lock-email-address.ts).
 * A membership the account already has is kept as it is, and the invitation is used up either way.
 */
export async function acceptInvitations(tx: Tx, user: { id: string; email: string }, now: Date): Promise<number> {
  const invitations = await tx.projectInvitation.findMany({ where: { email: user.email } });
  if (invitations.length === 0) return 0;
  const created = await tx.membership.createManyAndReturn({
    data: invitations.map((i) => ({ projectId: i.projectId, userId: user.id, role: i.role, createdAt: now })),
    skipDuplicates: true,
  });
  // The person joined by confirming their address: the change is theirs.
  await recordEventsIn(tx, { userId: user.id, label: user.email }, now, created.map((m) => membershipChanged(m.projectId, user.id, m.role, null)));
  await tx.projectInvitation.deleteMany({ where: { email: user.email, projectId: { in: invitations.map((i) => i.projectId) } } });
  return created.length;
}
