import { insertBriefItem } from "@/lib/briefs/brief-items";
import { toCollectionItem } from "@/lib/briefs/collection-item";
import type { EvidenceWrite } from "@/lib/briefs/run-brief-write";
import type { StatusItem } from "@/lib/evidence/evidence-schema";
import type { FindingData } from "./finding-schema";

/**
 * Puts an open finding into the write's batch and returns it as every door shows it. `seq` may be
 * taken beforehand (a write that also mints a version takes the finding's first); the caller bumps
 * the brief's item sequence.
 */
export function recordFinding({ batch, brief, now, actor, events }: EvidenceWrite, data: Omit<FindingData, "status" | "versionNum" | "createdBy">, seq = brief.nextSeq()): StatusItem {
  const stored: FindingData = { status: "open", ...data, versionNum: brief.row.versionNum, createdBy: actor.label };
  const row = insertBriefItem(batch, { briefId: brief.row.id, seq, collection: "findings", data: stored, createdById: actor.userId, now, status: "open" });
  events.push({ type: "finding.opened", data: { findingId: row.id, source: data.source, severity: data.severity } });
  return { ...toCollectionItem(row), status: "open" };
}
