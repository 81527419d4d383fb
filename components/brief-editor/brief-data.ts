import type { getBriefFull } from "@/lib/briefs/get-brief-full";

/** What the brief page loads: the brief, its lifecycle facts and the first page of every collection. */
export type BriefFull = Awaited<ReturnType<typeof getBriefFull>>;
