import type { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { sendMail } from "@/lib/mail/send-mail";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { confirmationMail } from "./account-mails";
import { admitAccountMail } from "./admit-account-mail";
import { issueEmailConfirmation } from "./issue-email-confirmation";
import { lockEmailAddress } from "./lock-email-address";
import { emailOnlyInputSchema } from "./user-schema";

/**
 * "Send a new link": a fresh confirmation link when the address has an account nobody has confirmed
 * yet, and nothing otherwise. The caller learns nothing either way; only the mailbox does.
 */
export async function requestConfirmationLink(input: z.input<typeof emailOnlyInputSchema>): Promise<void> {
  const { email } = parseOrThrow(emailOnlyInputSchema, input);
  await admitAccountMail(email);
  const prisma = await getPrisma();
  const token = await prisma.$transaction(async (tx) => {
    await lockEmailAddress(tx, email);
    const user = await tx.user.findUnique({ where: { email } });
    return user && !user.emailVerifiedAt ? issueEmailConfirmation(tx, user.id, new Date()) : null;
  }, transactionOptions);
  if (token) sendMail(confirmationMail(email, token));
}
