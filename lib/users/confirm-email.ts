import type { z } from "zod";
import { verifyPassword } from "@/lib/auth/password";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { DomainError, validationError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { hashConfirmationToken, looksLikeConfirmationToken } from "./confirmation-token";
import { endAccountAccess } from "./end-account-access";
import { lockEmailAddress } from "./lock-email-address";
import { markEmailVerified } from "./mark-email-verified";
import { confirmEmailInputSchema } from "./user-schema";

export type ConfirmedEmail = { userId: string; email: string };

function linkNotValid(): DomainError {
  return validationError(
    [{ path: "token", message: "This link has expired or was already used." }],
    "This link has expired or was already used. Sign in and ask for a new one, or sign up again.",
  );
}

/** What the confirmation page needs before the form is sent: is the link usable, and must the password be given. */
export async function describeConfirmationLink(
  token: unknown,
  signedInUserId?: string,
): Promise<{ usable: false } | { usable: true; email: string; needsPassword: boolean }> {
  const link = await findLink(token);
  if (!link) return { usable: false };
  return { usable: true, email: link.user.email, needsPassword: needsPassword(link, signedInUserId) };
}

/**
 * Follows a confirmation link. The link alone is not enough: whoever uses it also gives the password
 * chosen at sign-up (or is signed in as the account already), so a mail scanner opening links, or a
 * person tricked into clicking one, cannot confirm an address for someone else's sign-up.
 * Each link works once; confirming retires every other link of the account.
 */
export async function confirmEmail(input: z.input<typeof confirmEmailInputSchema>, signedInUserId?: string): Promise<ConfirmedEmail> {
  const { token, password } = parseOrThrow(confirmEmailInputSchema, input);
  const link = await findLink(token);
  if (!link) throw linkNotValid();
  if (needsPassword(link, signedInUserId)) {
    if (!password) throw validationError([{ path: "password", message: "Enter the password you chose when you signed up." }]);
    const stored = link.passwordHash ?? link.user.passwordHash;
    if (!stored || !(await verifyPassword(password, stored)).ok) {
      throw validationError([{ path: "password", message: "That is not the password chosen when signing up." }]);
    }
  }
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await lockEmailAddress(tx, link.user.email);
    const now = new Date();
    // Single use: of two requests with one link, only one deletes it.
    const { count } = await tx.emailConfirmation.deleteMany({ where: { tokenHash: link.tokenHash, expiresAt: { gt: now } } });
    if (count === 0) throw linkNotValid();
    const user = await tx.user.findUniqueOrThrow({ where: { id: link.userId } });
    if (link.passwordHash && !user.emailVerifiedAt) {
      // A sign-up for an account nobody had proven: the one who proves the address takes it over.
      await endAccountAccess(tx, user.id, now);
      await tx.user.update({ where: { id: user.id }, data: { passwordHash: link.passwordHash, ...(link.name && { name: link.name }) } });
    }
    await markEmailVerified(tx, user, now);
    return { userId: user.id, email: user.email };
  }, transactionOptions);
}

async function findLink(token: unknown) {
  if (!looksLikeConfirmationToken(token)) return null;
  const prisma = await getPrisma();
  const link = await prisma.emailConfirmation.findUnique({ where: { tokenHash: hashConfirmationToken(token) }, include: { user: true } });
  return link && link.expiresAt > new Date() ? link : null;
}

/** The account's own signed-in browser may confirm a plain link; a take-over link always needs its password. */
function needsPassword(link: { userId: string; passwordHash: string | null }, signedInUserId?: string): boolean {
  return Boolean(link.passwordHash) || link.userId !== signedInUserId;
}
