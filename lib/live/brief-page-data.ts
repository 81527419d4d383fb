import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getSql } from "@/lib/db/client";
import { accessDenied } from "@/lib/errors";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import { roleAllows } from "@/lib/projects/project-access";
import { getTrace } from "@/lib/trace/get-trace";
import { mergePageData, type BriefPageData, type PageDataWire, type ReaderPart } from "./page-data-wire";
import { LIVE_APPROVAL_SQL, PROJECT_QUALITY_SQL, toReaderPart } from "./reader-part";
import { listSuppressions } from "@/lib/quality/list-suppressions";

export type Shared = { seq: number; json: Promise<string> };

/**
 * The briefs whose page data this instance read last, newest use last. Every page that has a brief
 * open asks for it again when the brief changes, all in the same few milliseconds: one reading (and
 * one JSON text) per change serves them all instead of one per reader. Bounded, so a busy instance
 * keeps its recent briefs only.
 */
const KEPT_BRIEFS = 100;
const kept = new Map<string, Shared>();

/**
 * The brief page's data for a reader, as JSON text of PageDataWire, fetched again when the live
 * stream says the brief changed. The reader's access is checked on every call, in one statement
 * that also reads their own part. `changeSeq` is read first, so the data is never older than it says.
 */
export async function getBriefPageDataJson(actor: Actor, briefId: string): Promise<string> {
  const { seq, you, shared } = await readPageData(actor, briefId);
  return `{"changeSeq":${seq},"you":${JSON.stringify(you)},"shared":${await shared}}`;
}

/** The same as an object: what the brief page renders first. */
export async function getBriefPageData(actor: Actor, briefId: string): Promise<BriefPageData> {
  return mergePageData(JSON.parse(await getBriefPageDataJson(actor, briefId)) as PageDataWire);
}

async function readPageData(actor: Actor, briefId: string): Promise<{ seq: number; you: ReaderPart; shared: Promise<string> }> {
  requireScopes(actor, readScopes);
  const sql = await getSql();
  const [reader] = await sql.query<{ changeSeq: number; role: ProjectRole | null; approval: Record<string, unknown> | string | null; quality: string }>(
    `SELECT b."changeSeq", m.role, ${LIVE_APPROVAL_SQL} AS approval, ${PROJECT_QUALITY_SQL} AS quality
       FROM "Brief" b JOIN "Membership" m ON m."projectId" = b."projectId" AND m."userId" = $2
      WHERE b.id = $1`,
    [briefId, actor.userId],
  );
  // The same refusal for "missing" and "not yours".
  if (!reader?.role || !roleAllows(reader.role, "read")) throw accessDenied();
  const you = toReaderPart(reader.role, reader.approval, reader.quality);
  const shared = sharedAt(actor, briefId, Number(reader.changeSeq));
  return { seq: shared.seq, you, shared: shared.json };
}

/** The shared part read at change `seq` or later: the one kept when it is new enough, else a new reading. */
export function sharedAt(actor: Actor, briefId: string, seq: number): Shared {
  const entry = kept.get(briefId);
  if (entry && entry.seq >= seq) {
    kept.delete(briefId);
    kept.set(briefId, entry);
    return entry;
  }
  const fresh: Shared = { seq, json: readShared(actor, briefId) };
  kept.delete(briefId);
  kept.set(briefId, fresh);
  // A failed reading is not kept: the next reader tries again.
  fresh.json.catch(() => kept.get(briefId) === fresh && kept.delete(briefId));
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_BRIEFS) break;
    kept.delete(oldest);
  }
  return fresh;
}

async function readShared(actor: Actor, briefId: string): Promise<string> {
  const [data, trace, suppressions] = await Promise.all([getBriefFull(actor, { briefId }), getTrace(actor, { briefId }), listSuppressions(actor, briefId)]);
  return JSON.stringify({ data, trace, suppressions });
}
