import type { Actor } from "@/lib/auth/actor";
import { updateWorkOrder } from "@/lib/work-orders/update-work-order";
import { getTrace } from "@/lib/trace/get-trace";
import { addEvidence } from "@/lib/evidence/add-evidence";
import { EVIDENCE_FILE_MAX_BYTES_MCP } from "@/lib/contract/bounds";
import { uniqueKey } from "./fixtures";
import { readyContent, type Content } from "./briefs";

type WorkOrderArgs = Omit<Parameters<typeof updateWorkOrder>[1], "idempotencyKey"> & { idempotencyKey?: string };

export async function reportWork(actor: Actor, args: WorkOrderArgs) {
  return updateWorkOrder(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

export async function traceOf(actor: Actor, briefId: string) {
  return getTrace(actor, { briefId });
}

/** A brief whose requirements, criteria and tickets trace to each other: FR-1 → T-1 → AC-1, AC-2; FR-2 → T-2 → AC-3. */
export function tracedContent(extra: Content = {}): Content {
  return readyContent({
    requirements: ["FR-1: Export as CSV", "FR-2: Export as PDF"],
    acceptanceCriteria: [
      { id: "AC-1", text: "A CSV file downloads" },
      { id: "AC-2", text: "Totals match the invoice list" },
      { id: "AC-3", text: "The PDF has the logo" },
    ],
    generatedTickets: [
      { id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1", "AC-2"], boundRequirements: ["FR-1"] },
      { id: "T-2", title: "PDF export", description: null, boundCriteria: ["AC-3"], boundRequirements: ["FR-2"] },
    ],
    ...extra,
  });
}

type EvidenceArgs = { briefId: string; criterionIds: string[]; result: "pass" | "fail"; kind?: string; summary?: string; url?: string; idempotencyKey?: string };

/** Test-run evidence with a link, as an agent records it over MCP. */
export async function giveEvidence(actor: Actor, args: EvidenceArgs) {
  return addEvidence(
    actor,
    { kind: "test_run", summary: `Tests ${args.result === "pass" ? "passed" : "failed"}`, url: "https://ci.example.com/runs/1", ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() } as never,
    { maxFileBytes: EVIDENCE_FILE_MAX_BYTES_MCP },
  );
}

/** Each criterion's status, by id. */
export async function statusesOf(actor: Actor, briefId: string): Promise<Record<string, string>> {
  return Object.fromEntries((await traceOf(actor, briefId)).criteria.map((criterion) => [criterion.id, criterion.status]));
}
