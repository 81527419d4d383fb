import { appOrigin } from "@/lib/config/app-origin";
import { getSql } from "@/lib/db/client";
import { sendMail } from "@/lib/mail/send-mail";
import { notificationKinds, type NotificationKind } from "./notification-kinds";
import { notificationPath } from "./notification-path";
import { oneClickUnsubscribeHeaders, unsubscribeLink } from "./unsubscribe-link";

const DAY_MS = 24 * 3_600_000;

type Claimed = { id: string; userId: string; email: string; kind: NotificationKind; title: string; projectId: string; briefId: string | null };

/**
 * Mails what is due (the delivery worker calls this each round): each "immediate" notification on
 * its own, and a person's "digest" ones together once the oldest of them is a day old. Rows are
 * claimed with SKIP LOCKED before mailing, so instances never mail one twice; a notification about a
 * project the person has left is marked mailed without a mail. Returns how many mails went out.
 */
export async function mailNotifications(now = new Date()): Promise<number> {
  const sql = await getSql();
  const at = now.toISOString();
  const immediate = await sql.query<Claimed>(
    `WITH due AS (SELECT id FROM "Notification" WHERE mail = 'immediate' AND "mailedAt" IS NULL ORDER BY "createdAt" LIMIT 50 FOR UPDATE SKIP LOCKED)
     UPDATE "Notification" n SET "mailedAt" = $1::timestamp FROM due, "User" u
      WHERE n.id = due.id AND u.id = n."userId"
        AND EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = n."userId" AND m."projectId" = n."projectId")
     RETURNING n.id, n."userId", u.email, n.kind, n.title, n."projectId", n."briefId"`,
    [at],
  );
  for (const n of immediate) {
    sendMail({
      to: n.email,
      subject: n.title,
      text: [`${n.title}.`, "", `Open it: ${link(n)}`, "", `You get this mail for: ${notificationKinds[n.kind].label.toLowerCase()}.`, `Stop these mails: ${unsubscribeLink(n.userId, n.kind)}`].join("\n"),
      headers: oneClickUnsubscribeHeaders(n.userId, n.kind),
    });
  }
  // Left a project meanwhile: nothing is mailed, and the rows no longer wait.
  await sql.query(`UPDATE "Notification" n SET "mailedAt" = $1::timestamp WHERE mail <> 'off' AND "mailedAt" IS NULL AND NOT EXISTS (SELECT 1 FROM "Membership" m WHERE m."userId" = n."userId" AND m."projectId" = n."projectId")`, [at]);

  const digest = await sql.query<Claimed & { createdAt: string }>(
    `WITH due_people AS (SELECT "userId" FROM "Notification" WHERE mail = 'digest' AND "mailedAt" IS NULL GROUP BY "userId" HAVING min("createdAt") <= $2::timestamp),
          due AS (SELECT n.id FROM "Notification" n JOIN due_people p ON p."userId" = n."userId" WHERE n.mail = 'digest' AND n."mailedAt" IS NULL FOR UPDATE OF n SKIP LOCKED)
     UPDATE "Notification" n SET "mailedAt" = $1::timestamp FROM due, "User" u
      WHERE n.id = due.id AND u.id = n."userId"
     RETURNING n.id, n."userId", u.email, n.kind, n.title, n."projectId", n."briefId", n."createdAt"::text AS "createdAt"`,
    [at, new Date(now.getTime() - DAY_MS).toISOString()],
  );
  const byPerson = new Map<string, Claimed[]>();
  for (const n of digest.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) byPerson.set(n.userId, [...(byPerson.get(n.userId) ?? []), n]);
  for (const items of byPerson.values()) {
    const kinds = [...new Set(items.map((n) => n.kind))];
    sendMail({
      to: items[0].email,
      subject: `Briefs: ${items.length} update${items.length === 1 ? "" : "s"} from the last day`,
      text: [
        ...items.map((n) => `- ${n.title}: ${link(n)}`),
        "",
        `All of them: ${appOrigin()}/notifications`,
        "",
        ...kinds.map((kind) => `Stop mails about ${notificationKinds[kind].label.toLowerCase()}: ${unsubscribeLink(items[0].userId, kind)}`),
      ].join("\n"),
    });
  }
  return immediate.length + byPerson.size;
}

function link(n: Claimed): string {
  return `${appOrigin()}${notificationPath(n)}`;
}
