import type { Actor } from "@/lib/auth/actor";
import { getSql } from "@/lib/db/client";
import type { NotificationKind } from "./notification-kinds";

export const INBOX_SIZE = 50;

export type NotificationView = { id: string; kind: NotificationKind; title: string; projectId: string; briefId: string | null; createdAt: string; read: boolean };

/** Notifications of briefs the person can still read: a project they left tells them nothing more. */
const READABLE = `JOIN "Membership" m ON m."projectId" = n."projectId" AND m."userId" = n."userId"`;

/** The person's newest notifications and how many are unread, for the inbox page. */
export async function listNotifications(actor: Actor): Promise<{ items: NotificationView[]; unread: number }> {
  const sql = await getSql();
  const [items, [count]] = await Promise.all([
    sql.query<NotificationView & { createdAt: string }>(
      `SELECT n.id, n.kind, n.title, n."projectId", n."briefId", to_char(n."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", n."readAt" IS NOT NULL AS read
         FROM "Notification" n ${READABLE} WHERE n."userId" = $1 ORDER BY n."createdAt" DESC, n.id DESC LIMIT ${INBOX_SIZE}`,
      [actor.userId],
    ),
    unreadQuery(actor.userId),
  ]);
  return { items, unread: count.unread };
}

/** How many unread notifications the person has: the bell's number. */
export async function countUnread(actor: Actor): Promise<number> {
  return (await unreadQuery(actor.userId))[0].unread;
}

async function unreadQuery(userId: string) {
  const sql = await getSql();
  return sql.query<{ unread: number }>(`SELECT count(*)::int AS unread FROM "Notification" n ${READABLE} WHERE n."userId" = $1 AND n."readAt" IS NULL`, [userId]);
}

/** Marks one of the person's notifications read, or all of them (`id` left out). Others' are untouched. */
export async function markRead(actor: Actor, id?: string, now = new Date()): Promise<{ unread: number }> {
  const sql = await getSql();
  if (id === undefined) await sql.query(`UPDATE "Notification" SET "readAt" = $2::timestamp WHERE "userId" = $1 AND "readAt" IS NULL`, [actor.userId, now.toISOString()]);
  else await sql.query(`UPDATE "Notification" SET "readAt" = $3::timestamp WHERE id = $1 AND "userId" = $2 AND "readAt" IS NULL`, [id, actor.userId, now.toISOString()]);
  return { unread: await countUnread(actor) };
}
