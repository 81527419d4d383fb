import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { findLiveApproval } from "@/lib/briefs/find-live-approval";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getTrace } from "@/lib/trace/get-trace";
import type { Trace } from "@/lib/trace/trace-schema";

type BriefFull = Awaited<ReturnType<typeof getBriefFull>>;

/** What an open brief page shows: the brief with its collections, its trace, and its change count. */
export type BriefPageData = { changeSeq: number; data: BriefFull; trace: Trace };

type SharedPageData = { data: BriefFull; trace: Trace };

/**
 * The briefs whose page data this instance read last, newest use last. Every page that has a brief open
 * asks for it again when the brief changes, all in the same few milliseconds; one reading per change
 * serves them all instead of one per reader. Bounded, so a busy instance keeps its recent briefs only.
 */
const KEPT_BRIEFS = 100;
const kept = new Map<string, { seq: number; shared: Promise<SharedPageData> }>();

/**
 * The brief page's data for a reader, fetched again when the live stream says the brief changed.
 * The reader's own access is checked on every call. The brief-wide part is read once per change and
 * instance and shared between readers; the parts that are the reader's own (their role, their live
 * approval) are read for each. `changeSeq` is read first, so the data is never older than it says.
 */
export async function getBriefPageData(actor: Actor, briefId: string): Promise<BriefPageData> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  const { row, project } = await findReadableBrief(prisma, actor, briefId);
  const [{ seq, shared }, yourLiveApproval] = await Promise.all([sharedPageDataAt(actor, briefId, row.changeSeq), findLiveApproval(prisma, briefId, actor.userId)]);
  const { data, trace } = await shared;
  return { changeSeq: seq, data: { ...data, lifecycle: { ...data.lifecycle, yourRole: project.role, yourLiveApproval } }, trace };
}

/** The shared part read at change `seq` or later: the one kept when it is new enough, else a new reading. */
async function sharedPageDataAt(actor: Actor, briefId: string, seq: number) {
  const entry = kept.get(briefId);
  if (entry && entry.seq >= seq) {
    kept.delete(briefId);
    kept.set(briefId, entry);
    return entry;
  }
  const shared = readSharedPageData(actor, briefId);
  const fresh = { seq, shared };
  kept.delete(briefId);
  kept.set(briefId, fresh);
  // A failed reading is not kept: the next reader tries again.
  shared.catch(() => kept.get(briefId) === fresh && kept.delete(briefId));
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_BRIEFS) break;
    kept.delete(oldest);
  }
  return fresh;
}

async function readSharedPageData(actor: Actor, briefId: string): Promise<SharedPageData> {
  const [data, trace] = await Promise.all([getBriefFull(actor, { briefId }), getTrace(actor, { briefId })]);
  return { data, trace };
}
