import type { Sql } from "@/lib/db/sql";
import type { BriefContent } from "@/lib/briefs/schema";
import { isVerified } from "@/lib/evidence/provenance";
import { buildTrace, supersededEvidence } from "./build-trace";
import { loadTraceFacts } from "./trace-facts";

/** Why the gate is shut: the criteria without (verified) proof, and how many findings are open. */
export type ProofShortfall = { verifiedOnly: boolean; criteria: string[]; openFindings: number };

/**
 * The optional gate "require proof before checked" (docs/contract.md#proof-gate): what is missing
 * when the brief's project asks for proof and some non-exempt criterion is not proven or a finding is
 * open; null when nothing is. With verified proof required, only evidence of a verified CI report
 * counts, and not that of a pull request's older head. Off, it reads nothing more, so the contract's
 * transition table holds as it is.
 */
export async function proofShortfall(sql: Sql, brief: { id: string; projectId: string; versionNum: number }, content: BriefContent): Promise<ProofShortfall | null> {
  const [project] = await sql.query<{ requireProof: boolean; requireVerifiedProof: boolean }>(`SELECT "requireProof", "requireVerifiedProof" FROM "Project" WHERE id = $1`, [brief.projectId]);
  if (!project?.requireProof) return null;
  const facts = await loadTraceFacts(sql, brief.id);
  const verifiedOnly = project.requireVerifiedProof;
  if (verifiedOnly) {
    const superseded = supersededEvidence(facts.evidence);
    facts.evidence = facts.evidence.filter((item) => isVerified(item.provenance) && !superseded.has(item.id));
  }
  const trace = buildTrace(brief, content, facts);
  if (trace.proof.complete) return null;
  const criteria = trace.criteria.filter((criterion) => criterion.status !== "proven" && criterion.status !== "exempt").map((criterion) => criterion.id);
  return { verifiedOnly, criteria: [...new Set(criteria)], openFindings: trace.proof.openFindings };
}

export async function proofMissing(sql: Sql, brief: { id: string; projectId: string; versionNum: number }, content: BriefContent): Promise<boolean> {
  return (await proofShortfall(sql, brief, content)) !== null;
}
