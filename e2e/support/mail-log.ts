import fs from "node:fs";
import { expect } from "@playwright/test";
import { serverLogFile } from "./servers";

/**
 * The e2e servers send no mail: each writes its mails to its log (lib/mail/send-mail.ts), which
 * playwright.config.ts copies to a file. These read them back, as someone would read their inbox.
 */
type LoggedMail = { to: string; subject: string; text: string; headers: Record<string, string> };

function loggedMails(baseURL: string): LoggedMail[] {
  const file = serverLogFile(baseURL);
  const log = fs.existsSync(file) ? messagesOf(fs.readFileSync(file, "utf8")) : "";
  const mails: LoggedMail[] = [];
  // Extra header fields, if any, follow the subject, indented like it.
  for (const match of log.matchAll(/\[mail\] [^\n]*\n {2}To: ([^\n]*)\n {2}Subject: ([^\n]*)\n((?: {2}\S[^\n]*\n)*)\n([\s\S]*?)\n\[mail\] end/g)) {
    const headers = Object.fromEntries([...match[3].matchAll(/^ {2}([^:\n]+): ([^\n]*)$/gm)].map((field) => [field[1], field[2]]));
    mails.push({ to: match[1], subject: match[2], text: match[4], headers });
  }
  return mails;
}

/** The server writes a JSON object a line (lib/observe/logger.ts): the mails are in their messages. */
function messagesOf(log: string): string {
  return log
    .split("\n")
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: unknown };
        return typeof entry.msg === "string" ? entry.msg : line;
      } catch {
        return line;
      }
    })
    .join("\n");
}

/** Waits for the server to have "sent" `count` mails to this address and returns them, oldest first. */
export async function mailsTo(baseURL: string, email: string, count = 1): Promise<LoggedMail[]> {
  let found: LoggedMail[] = [];
  await expect
    .poll(() => (found = loggedMails(baseURL).filter((m) => m.to === email)).length, { message: `${count} mail(s) to ${email}`, timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The newest confirmation link sent to this address. */
export async function confirmationLinkFor(baseURL: string, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = loggedMails(baseURL)
          .filter((m) => m.to === email)
          .map((m) => /(https?:\/\/\S+\/confirm-email\?token=\S+)/.exec(m.text)?.[1])
          .filter(Boolean)
          .at(-1)),
      { message: `a confirmation link for ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}
