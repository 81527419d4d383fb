import type { getBriefFull } from "@/lib/briefs/get-brief-full";
import type { ApprovalItem } from "@/lib/briefs/result-schemas";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import type { Trace } from "@/lib/trace/trace-schema";
import type { ProjectQuality } from "@/lib/quality/project-quality";
import type { QualitySuppression } from "@/lib/quality/suppressions";

// Types and the merge only: the brief page imports this in the browser (lib/live/brief-page-data.ts reads it).

type BriefFull = Awaited<ReturnType<typeof getBriefFull>>;

/**
 * What an open brief page shows: the brief with its collections, its trace, its change count, and
 * what its quality check runs with (the project's settings and the brief's suppressions).
 */
export type BriefPageData = { changeSeq: number; data: BriefFull; trace: Trace; quality: { project: ProjectQuality; suppressions: QualitySuppression[] } };

/** The reader's own part of the page data: their role, their live approval, and the project's quality settings as they are now. */
export type ReaderPart = { yourRole: ProjectRole; yourLiveApproval: ApprovalItem | null; projectQuality: ProjectQuality };

type SharedPart = { data: BriefFull; trace: Trace; suppressions: QualitySuppression[] };

/**
 * The page data as sent: the brief-wide part as JSON text shared by every reader of that change,
 * and the reader's own part beside it (the page puts them together: mergePageData).
 */
export type PageDataWire = { changeSeq: number; you: ReaderPart; shared: SharedPart };

/** The page data from its wire form: the brief-wide part with the reader's own facts in place. */
export function mergePageData(wire: PageDataWire): BriefPageData {
  const { data, trace, suppressions } = wire.shared;
  const { projectQuality, ...you } = wire.you;
  return { changeSeq: wire.changeSeq, data: { ...data, lifecycle: { ...data.lifecycle, ...you } }, trace, quality: { project: projectQuality, suppressions } };
}

