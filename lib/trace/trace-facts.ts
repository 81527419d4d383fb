import type { Sql } from "@/lib/db/sql";
import { evidenceFileUrl } from "@/lib/evidence/store-evidence-file";
import { provenanceOf, type Provenance } from "@/lib/evidence/provenance";
import type { WorkOrderEntry } from "@/lib/work-orders/work-order-history";

/** An evidence item as the trace reads it (lib/evidence writes it; docs/contract.md#evidence). */
export type EvidenceFact = {
  id: string;
  criterionIds: string[];
  kind: string;
  result: "pass" | "fail";
  summary: string;
  url?: string;
  fileUrl?: string;
  versionNum: number;
  criterionHashes: Record<string, string>;
  createdAt: string;
  createdBy: string;
  /** Stored since provenance exists; older items read as reported. */
  provenance: Provenance;
};

/** A finding as the trace reads it (lib/findings writes it; docs/contract.md#findings). */
export type FindingFact = {
  id: string;
  status: "open" | "resolved";
  source: string;
  severity: string;
  criterionIds: string[];
  note: string;
  row?: { index: number; text: string };
  fileUrl?: string;
  createdAt: string;
  createdBy: string;
};

/** A pull request that links a ticket (lib/github writes it; docs/github.md#pull-requests-and-tickets). */
export type PullRequestFact = { ticketId: string; url: string; number: number; state: string; headSha: string };

export type TraceFacts = { evidence: EvidenceFact[]; findings: FindingFact[]; workOrderEntries: WorkOrderEntry[]; pullRequests?: PullRequestFact[] };

/**
 * What the service itself wrote about a brief's proof, oldest first: evidence, findings and work-order
 * entries. Free-form items appended to the same collections carry no status and are not facts.
 */
export async function loadTraceFacts(sql: Sql, briefId: string): Promise<TraceFacts> {
  const rows = await sql.query<{ id: string; collection: string; status: string; data: unknown; createdAt: Date | string }>(
    `SELECT id, collection, status, data, "createdAt" FROM "BriefItem"
      WHERE "briefId" = $1 AND collection IN ('artifacts', 'findings', 'workOrders') AND status IS NOT NULL
      ORDER BY seq`,
    [briefId],
  );
  const facts: TraceFacts = { evidence: [], findings: [], workOrderEntries: [] };
  for (const row of rows) {
    const data = (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
    // A stored file is served at the app's origin now: the item's own fileUrl names the origin of its day.
    const fileId = (data.file as { id?: unknown } | undefined)?.id;
    const served = typeof fileId === "string" ? { fileUrl: evidenceFileUrl(fileId) } : {};
    const stamped = { ...data, ...served, id: row.id, createdAt: new Date(row.createdAt).toISOString() };
    if (row.collection === "artifacts") facts.evidence.push({ ...stamped, provenance: provenanceOf(data) } as EvidenceFact);
    else if (row.collection === "findings") facts.findings.push({ ...stamped, status: row.status } as FindingFact);
    else facts.workOrderEntries.push(stamped as unknown as WorkOrderEntry);
  }
  return facts;
}

/** The pull requests linked to a brief's tickets, by repository and number. */
export async function loadPullRequestFacts(sql: Sql, briefId: string): Promise<PullRequestFact[]> {
  return sql.query<PullRequestFact>(
    `SELECT l."ticketId", p.url, p.number, p.state, p."headSha" FROM "GithubTicketLink" l JOIN "GithubPullRequest" p ON p.id = l."pullRequestId"
      WHERE l."briefId" = $1 ORDER BY p."fullName", p.number`,
    [briefId],
  );
}

/** Only the evidence of several briefs, for the proof counts of a brief list. */
export async function loadEvidenceOf(sql: Sql, briefIds: readonly string[]): Promise<Map<string, EvidenceFact[]>> {
  const byBrief = new Map<string, EvidenceFact[]>();
  if (!briefIds.length) return byBrief;
  const rows = await sql.query<{ id: string; briefId: string; result: string; hashes: unknown; provenance: unknown; createdAt: Date | string }>(
    `SELECT id, "briefId", data->>'result' AS result, data->'criterionHashes' AS hashes, data->'provenance' AS provenance, "createdAt" FROM "BriefItem"
      WHERE "briefId" = ANY($1::text[]) AND collection = 'artifacts' AND status = 'evidence'
      ORDER BY seq`,
    [briefIds],
  );
  for (const row of rows) {
    const hashes = (typeof row.hashes === "string" ? JSON.parse(row.hashes) : row.hashes) as Record<string, string>;
    const provenance = provenanceOf({ provenance: typeof row.provenance === "string" ? JSON.parse(row.provenance) : row.provenance });
    const fact = { id: row.id, criterionIds: Object.keys(hashes), result: row.result, criterionHashes: hashes, provenance, createdAt: new Date(row.createdAt).toISOString() } as EvidenceFact;
    byBrief.set(row.briefId, [...(byBrief.get(row.briefId) ?? []), fact]);
  }
  return byBrief;
}
