import { vi } from "vitest";

export type CapturedMail = { to: string; subject: string; text: string; headers: Record<string, string> };

/**
 * Without SMTP_URL every mail is written to the log with console.info (lib/mail/send-mail.ts): the
 * tests read the mails, and the confirmation links in them, from there.
 */
export function captureMails() {
  const mails: CapturedMail[] = [];
  const spy = vi.spyOn(console, "info").mockImplementation((...args: unknown[]) => {
    const mail = parseLoggedMail(args.map(String).join(" "));
    if (mail) mails.push(mail);
  });
  return {
    mails,
    to: (email: string) => mails.filter((m) => m.to === email),
    /** The token of the newest confirmation link sent to this address. */
    tokenFor(email: string): string {
      const token = mails
        .filter((m) => m.to === email)
        .map((m) => /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1])
        .filter(Boolean)
        .at(-1);
      if (!token) throw new Error(`No confirmation link was sent to ${email}: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
      return token;
    },
    clear: () => mails.splice(0),
    restore: () => spy.mockRestore(),
  };
}

function parseLoggedMail(logged: string): CapturedMail | null {
  const match = /^\[mail\] .*\n {2}To: (.*)\n {2}Subject: (.*)\n((?: {2}\S.*\n)*)\n([\s\S]*)\n\[mail\] end$/.exec(logged);
  if (!match) return null;
  const headers = Object.fromEntries(match[3].split("\n").filter(Boolean).map((line) => /^ {2}([^:]+): (.*)$/.exec(line)!.slice(1, 3)));
  return { to: match[1], subject: match[2], headers, text: match[4].split("\n").map((l) => l.replace(/^ {4}/, "")).join("\n") };
}
