import type { getBriefFull } from "@/lib/briefs/get-brief-full";
import type { ApprovalItem } from "@/lib/briefs/result-schemas";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import type { Trace } from "@/lib/trace/trace-schema";

// Types and the merge only: the brief page imports this in the browser (lib/live/brief-page-data.ts reads it).

type BriefFull = Awaited<ReturnType<typeof getBriefFull>>;

/** What an open brief page shows: the brief with its collections, its trace, and its change count. */
export type BriefPageData = { changeSeq: number; data: BriefFull; trace: Trace };

/** The reader's own part of the page data: their role and their live approval. */
export type ReaderPart = { yourRole: ProjectRole; yourLiveApproval: ApprovalItem | null };

/**
 * The page data as sent: the brief-wide part as JSON text shared by every reader of that change,
 * and the reader's own part beside it (the page puts them together: mergePageData).
 */
export type PageDataWire = { changeSeq: number; you: ReaderPart; shared: Omit<BriefPageData, "changeSeq"> };

/** The page data from its wire form: the brief-wide part with the reader's own facts in place. */
export function mergePageData(wire: PageDataWire): BriefPageData {
  const { data, trace } = wire.shared;
  return { changeSeq: wire.changeSeq, data: { ...data, lifecycle: { ...data.lifecycle, ...wire.you } }, trace };
}

