import type { Sql } from "@/lib/db/sql";
import type { BriefContent } from "@/lib/briefs/schema";
import { buildTrace } from "./build-trace";
import { loadTraceFacts } from "./trace-facts";

/**
 * The optional gate "require proof before checked" (docs/contract.md#proof-gate): true when the brief's
 * project asks for proof and some non-exempt criterion is not proven or a finding is open. Off, it
 * reads nothing more, so the contract's transition table holds as it is.
 */
export async function proofMissing(sql: Sql, brief: { id: string; projectId: string; versionNum: number }, content: BriefContent): Promise<boolean> {
  const [project] = await sql.query<{ requireProof: boolean }>(`SELECT "requireProof" FROM "Project" WHERE id = $1`, [brief.projectId]);
  if (!project?.requireProof) return false;
  return !buildTrace(brief, content, await loadTraceFacts(sql, brief.id)).proof.complete;
}
