import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { getPrisma } from "@/lib/db/client";
import { DomainError, validationError } from "@/lib/errors";
import { endUserSessions } from "@/lib/sessions/end-user-sessions";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { changePasswordInputSchema } from "./user-schema";

/**
 * A new password for the signed-in person. Whoever may have learnt the old one loses every session
 * it opened: all other sessions end; `keepSessionId` (the browser making the change) stays signed in.
 */
export async function changePassword(
  actor: Actor,
  input: z.input<typeof changePasswordInputSchema>,
  keepSessionId: string | undefined,
): Promise<{ endedSessions: number }> {
  if (actor.door !== "web") throw new DomainError("PROJECT_ACCESS_DENIED", "Only the person themselves can change their password.");
  const { currentPassword, newPassword } = parseOrThrow(changePasswordInputSchema, input);
  const prisma = await getPrisma();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId } });
  if (!user.passwordHash) {
    throw validationError([{ path: "currentPassword", message: "This account signs in through an outside provider and has no password." }]);
  }
  if (!(await verifyPassword(currentPassword, user.passwordHash)).ok) {
    throw validationError([{ path: "currentPassword", message: "That is not your current password." }]);
  }
  const passwordHash = await hashPassword(newPassword);
  // Only if no other change landed meanwhile; the second of two racing changes must re-check.
  const { count } = await prisma.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
  if (count === 0) throw validationError([{ path: "currentPassword", message: "The password changed meanwhile; try again." }]);
  return { endedSessions: await endUserSessions(user.id, keepSessionId) };
}
