import type { Actor } from "@/lib/auth/actor";
import { getSql } from "@/lib/db/client";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import { roleAllows } from "@/lib/projects/project-access";
import { sharedAt } from "./brief-page-data";
import type { LiveEvent } from "./live-event";
import type { ReaderPart } from "./page-data-wire";
import { PRESENCE_WINDOW_MS } from "./presence/presence-window";
import { LIVE_APPROVAL_SQL, PROJECT_QUALITY_SQL, toReaderPart } from "./reader-part";

type BriefEvent = Extract<LiveEvent, { kind: "brief" }>;

/**
 * Who has a changed brief open, read once per change and instance: each present reader's own part,
 * and the brief-wide part read on first need (by the stream of a present reader, with its actor).
 */
type Readers = { changeSeq: number; you: Map<string, ReaderPart>; shared?: Promise<string> };

const KEPT_BRIEFS = 100;
const pushes = new Map<string, { seq: number; readers: Promise<Readers> }>();

/**
 * The stream event for a change to a brief the stream's person has open (present on it, by
 * lib/live/presence): the event with the page's data in it, so a hundred open pages cost one reading
 * of the brief instead of a hundred requests. For anyone else, or when the reading fails, null: the
 * plain event goes out and a page that shows the brief fetches its data (GET …/page-data).
 *
 * The reader's access is checked as a fetch would check it: a member whose role may read, read in the
 * same statement as their part, at the time of the change.
 */
export async function pushedBriefEvent(actor: Actor, event: BriefEvent): Promise<string | null> {
  const readers = await readersOf(event);
  const you = readers.you.get(actor.userId);
  if (!you) return null;
  readers.shared ??= sharedAt(actor, event.briefId, readers.changeSeq).json;
  const shared = await readers.shared;
  // The event as it is, with the page beside what it says (the brief-wide part is JSON text already).
  return `${JSON.stringify(event).slice(0, -1)},"page":{"changeSeq":${readers.changeSeq},"you":${JSON.stringify(you)},"shared":${shared}}}`;
}

/** The readers present on the brief at this change: one statement per change and instance, shared by its streams. */
function readersOf(event: BriefEvent): Promise<Readers> {
  const kept = pushes.get(event.briefId);
  if (kept && kept.seq >= event.seq) return kept.readers;
  const readers = readPresentReaders(event.briefId);
  pushes.delete(event.briefId);
  pushes.set(event.briefId, { seq: event.seq, readers });
  readers.catch(() => pushes.get(event.briefId)?.readers === readers && pushes.delete(event.briefId));
  for (const oldest of pushes.keys()) {
    if (pushes.size <= KEPT_BRIEFS) break;
    pushes.delete(oldest);
  }
  return readers;
}

async function readPresentReaders(briefId: string): Promise<Readers> {
  const sql = await getSql();
  const rows = await sql.query<{ changeSeq: number; userId: string; role: ProjectRole; approval: Record<string, unknown> | string | null; quality: string }>(
    // Driven by the brief's few presence rows, not by the project's members, however many they are.
    `SELECT b."changeSeq", m."userId", m.role, ${LIVE_APPROVAL_SQL} AS approval, ${PROJECT_QUALITY_SQL} AS quality
       FROM "Brief" b
       JOIN (SELECT DISTINCT "userId" FROM "Presence" WHERE "briefId" = $1 AND "seenAt" > $2) p ON true
       JOIN "Membership" m ON m."projectId" = b."projectId" AND m."userId" = p."userId"
      WHERE b.id = $1`,
    [briefId, new Date(Date.now() - PRESENCE_WINDOW_MS)],
  );
  const you = new Map(rows.filter((row) => roleAllows(row.role, "read")).map((row) => [row.userId, toReaderPart(row.role, row.approval, row.quality)]));
  return { changeSeq: rows.length ? Number(rows[0].changeSeq) : 0, you };
}
