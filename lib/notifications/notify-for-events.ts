import type { Sql } from "@/lib/db/sql";
import { uuid7 } from "@/lib/db/uuid7";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import type { BriefState } from "@/lib/briefs/schema";
import { notificationKinds, type NotificationKind } from "./notification-kinds";
import { BRIEF_WATCHERS, BRIEF_WRITERS } from "./watchers";

export type FannedEvent = { id: string; type: string; projectId: string; briefId: string | null; actorId: string | null; actorLabel: string; data: Record<string, unknown> };

type Draft = { userId: string; kind: NotificationKind; event: FannedEvent; title: string };

/** A notification to make: for whom, of which kind, about what (`eventId`: made once per person and kind). */
export type NotificationDraft = { userId: string; kind: NotificationKind; eventId: string; projectId: string; briefId: string | null; title: string };


/**
 * Makes the notifications of a batch of events, in the fan-out's transaction (so each event's are
 * made exactly once), for the people each kind concerns (docs/operations.md#notifications): never
 * the person who made the change, and only people who can still read the brief's project.
 */
export async function notifyForEvents(sql: Sql, events: readonly FannedEvent[], now: Date): Promise<number> {
  const drafts: Draft[] = [];
  const titles = new Map<string, string>();
  const titleOf = async (briefId: string) => {
    if (!titles.has(briefId)) titles.set(briefId, (await sql.query<{ title: string }>(`SELECT title FROM "Brief" WHERE id = $1`, [briefId]))[0]?.title ?? "a brief");
    return titles.get(briefId)!;
  };
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : []);

  for (const event of events) {
    const { briefId, data, actorLabel: who } = event;
    if (!briefId) continue;
    // Read only for the kinds that make a notification: most events (ticks, edits) make none.
    const about = async () => `“${await titleOf(briefId)}”`;
    const add = (userIds: string[], kind: NotificationKind, title: string) => {
      for (const userId of new Set(userIds)) if (userId !== event.actorId) drafts.push({ userId, kind, event, title });
    };
    if (event.type === "proposal.created") {
      const writers = await sql.query<{ id: string }>(
        `SELECT w.id FROM (${BRIEF_WRITERS}) w JOIN "Membership" m ON m."userId" = w.id AND m."projectId" = $2 WHERE m.role IN ('owner', 'editor')`,
        [briefId, event.projectId],
      );
      add(writers.map((w) => w.id), "proposal", `${who} proposed a change to ${await about()}`);
    } else if (event.type === "proposal.decided" && data.decision !== "superseded") {
      add(ids(data.authorId), "decision", `${who} ${String(data.decision)} your proposal on ${await about()}`);
    } else if (event.type === "comment.created") {
      add(ids(data.mentions), "mention", `${who} mentioned you in a comment on ${await about()}`);
    } else if (event.type === "review.requested") {
      add(ids(data.userIds), "review_request", `${who} asked you to review ${await about()}`);
    } else if (event.type === "brief.approval_stale") {
      add(ids(data.userId), "approval_stale", `Your approval of ${await about()} went stale: its requirements changed`);
    } else if (event.type === "finding.opened") {
      const [creator] = await sql.query<{ id: string }>(`SELECT "createdById" AS id FROM "Brief" WHERE id = $1`, [briefId]);
      add(creator ? [creator.id] : [], "finding", `${who} opened a finding on ${await about()}`);
    } else if (event.type === "brief.state_changed") {
      const watchers = await sql.query<{ id: string }>(BRIEF_WATCHERS, [briefId]);
      const to = briefStateLabels[data.to as BriefState] ?? String(data.to);
      add(watchers.map((w) => w.id), "state_change", `${await about()} moved to ${to}${data.automatic ? "" : ` (${who})`}`);
    }
  }
  return storeNotifications(
    sql,
    drafts.map(({ userId, kind, event, title }) => ({ userId, kind, eventId: event.id, projectId: event.projectId, briefId: event.briefId, title })),
    now,
  );
}

/**
 * Stores notifications, each mailed as its person chose for its kind (or the kind's default), for
 * people who are still members of its project, and each once per person, event and kind. Every
 * notification is made here: the fan-out's and the webhooks' alike.
 */
export async function storeNotifications(sql: Sql, drafts: readonly NotificationDraft[], now: Date): Promise<number> {
  if (!drafts.length) return 0;
  const rows = await sql.query<{ i: number; mail: string | null }>(
    `SELECT d.i, s.mail FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS d(user_id, project_id, kind, i)
       JOIN "Membership" m ON m."userId" = d.user_id AND m."projectId" = d.project_id
       LEFT JOIN "NotificationSetting" s ON s."userId" = d.user_id AND s.kind = d.kind`,
    [drafts.map((d) => d.userId), drafts.map((d) => d.projectId), drafts.map((d) => d.kind)],
  );
  const kept = rows.map((row) => ({ draft: drafts[Number(row.i) - 1], mail: row.mail ?? notificationKinds[drafts[Number(row.i) - 1].kind].mail }));
  if (!kept.length) return 0;
  await sql.query(
    `INSERT INTO "Notification" (id, "userId", kind, "eventId", "projectId", "briefId", title, "createdAt", mail)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamp[], $9::text[])
     ON CONFLICT ("userId", "eventId", kind) DO NOTHING`,
    [
      kept.map(() => uuid7(now.getTime())),
      kept.map((k) => k.draft.userId),
      kept.map((k) => k.draft.kind),
      kept.map((k) => k.draft.eventId),
      kept.map((k) => k.draft.projectId),
      kept.map((k) => k.draft.briefId),
      kept.map((k) => k.draft.title),
      kept.map(() => now.toISOString()),
      kept.map((k) => k.mail),
    ],
  );
  return kept.length;
}
