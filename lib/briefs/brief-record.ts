import type { Brief } from "@/lib/generated/prisma/client";
import { withChecklistMirror } from "./checklist-mirror";
import type { BriefContent } from "./schema";
import type { BriefRecord } from "./result-schemas";


export function toBriefRecord(
  row: Pick<Brief, "id" | "projectId" | "title" | "state" | "currentVersionHash" | "versionNum">,
  content: BriefContent,
  change: { createdNewVersion: boolean; staledApprovals: number } = { createdNewVersion: false, staledApprovals: 0 },
): BriefRecord {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    state: row.state,
    currentVersionHash: row.currentVersionHash,
    content: withChecklistMirror(content),
    versionNum: row.versionNum,
    createdNewVersion: change.createdNewVersion,
    staledApprovals: change.staledApprovals,
  };
}
