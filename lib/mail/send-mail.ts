import nodemailer, { type Transporter } from "nodemailer";
import { writeMailToLog } from "@/lib/observe/console-to-log";
import { env } from "@/lib/config/env";

/** A plain-text mail; `headers` are extra header fields (List-Unsubscribe and the like). */
export type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };

let transport: Transporter | undefined;

/** Whether mails leave the server; without SMTP they are written to the server log. */
export function mailIsDelivered(): boolean {
  return Boolean(env().SMTP_URL);
}

/**
 * Hands a mail over and returns at once. The answer a person sees never waits for the mail server:
 * it cannot then take longer for one address than for another, and a slow or failing mail server
 * does not fail the sign-up (they can ask for a new link). Failures are logged without the message,
 * which may hold a confirmation link.
 */
export function sendMail(mail: Mail): void {
  const { SMTP_URL, EMAIL_FROM } = env();
  if (!SMTP_URL) {
    // Written in one call so that concurrent mails never interleave in the log.
    writeMailToLog(mailForLog(mail));
    return;
  }
  transport ??= nodemailer.createTransport(SMTP_URL);
  transport.sendMail({ from: EMAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers }).catch((error: unknown) => {
    console.error(`[mail] could not send "${mail.subject}": ${error instanceof Error ? error.message : String(error)}`);
  });
}

/** The log form of a mail; tests read confirmation links from it (`e2e/support/mail-log.ts`). */
export function mailForLog(mail: Mail): string {
  const body = mail.text.split("\n").map((line) => (line ? `    ${line}` : "")).join("\n");
  return [
    "[mail] Email delivery is not configured (SMTP_URL), so this mail was written here instead of being sent:",
    `  To: ${mail.to}`,
    `  Subject: ${mail.subject}`,
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => `  ${name}: ${value}`),
    "",
    body,
    "[mail] end",
  ].join("\n");
}
