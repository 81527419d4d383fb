import type { z } from "zod";
import { hashPassword } from "@/lib/auth/password";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { sendMail } from "@/lib/mail/send-mail";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { confirmationMail, signUpNoticeMail, signUpRefusedMail } from "./account-mails";
import { admitAccountMail } from "./admit-account-mail";
import { issueEmailConfirmation } from "./issue-email-confirmation";
import { lockEmailAddress } from "./lock-email-address";
import { signUpAdmits, signUpMode } from "./sign-up-policy";
import { signUpInputSchema } from "./user-schema";

/**
 * A sign-up answers nothing but "check your email", whatever the address (docs/security.md#accounts):
 * what happened is said only to whoever reads that mailbox, so the form tells nobody which
 * addresses have accounts or invitations.
 *
 * - a new address the sign-up policy admits: an account whose address is not yet confirmed, and a
 *   confirmation link;
 * - an account nobody has confirmed (perhaps made by someone else with this address): a link that,
 *   when confirmed with the password chosen now, makes the account theirs;
 * - a confirmed account: nothing changes; its owner gets a notice;
 * - an address the policy refuses: no account; the mail says how to get an invitation.
 */
export async function signUp(input: z.input<typeof signUpInputSchema>): Promise<void> {
  const { name, email, password } = parseOrThrow(signUpInputSchema, input);
  await admitAccountMail(email);
  // Hashed in every case, so the answer takes as long for a taken address as for a new one.
  const passwordHash = await hashPassword(password);
  const prisma = await getPrisma();
  const mail = await prisma.$transaction(async (tx) => {
    await lockEmailAddress(tx, email);
    const now = new Date();
    const user = await tx.user.findUnique({ where: { email } });
    if (user?.emailVerifiedAt) return signUpNoticeMail(email);
    if (user) return confirmationMail(email, await issueEmailConfirmation(tx, user.id, now, { passwordHash, name }));
    if (!(await signUpAdmits(tx, email))) return signUpRefusedMail(email, signUpMode());
    const created = await tx.user.create({ data: { email, name: name || null, passwordHash, createdAt: now } });
    return confirmationMail(email, await issueEmailConfirmation(tx, created.id, now));
  }, transactionOptions);
  sendMail(mail);
}
