import type { Tx } from "@/lib/db/transaction";
import { CONFIRMATION_LINK_HOURS, generateConfirmationToken, hashConfirmationToken } from "./confirmation-token";

/**
 * A new confirmation link for the account; returns the token, which only the mail carries. Earlier
 * links stay valid until they expire or one of them is used. `takeOver` is for a sign-up with the
 * address of an account nobody has confirmed: confirming then sets that sign-up's password and name.
 */
export async function issueEmailConfirmation(
  tx: Tx,
  userId: string,
  now: Date,
  takeOver?: { passwordHash: string; name?: string },
): Promise<string> {
  await tx.emailConfirmation.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  const token = generateConfirmationToken();
  await tx.emailConfirmation.create({
    data: {
      tokenHash: hashConfirmationToken(token),
      userId,
      passwordHash: takeOver?.passwordHash ?? null,
      name: takeOver?.name?.trim() || null,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LINK_HOURS * 3_600_000),
      createdAt: now,
    },
  });
  return token;
}
