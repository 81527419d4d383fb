import type { BriefContent } from "@/lib/briefs/schema";
import { isVerified } from "@/lib/evidence/provenance";
import { untouchedWorkOrder, workOrdersOf } from "@/lib/work-orders/work-order-history";
import type { WorkOrder } from "@/lib/work-orders/work-order-schema";
import { criterionStatus, evidenceFor, isExempt, type CriterionStatus } from "./criterion-status";
import { requirementIdOf } from "./requirement-id";
import type { EvidenceFact, FindingFact, TraceFacts } from "./trace-facts";
import type { Trace, TraceGap } from "./trace-schema";

type TracedEvidence = Trace["criteria"][number]["evidence"][number];
type TracedFinding = Trace["criteria"][number]["openFindings"][number];

function tracedEvidence(item: EvidenceFact & { current: boolean; superseded: boolean }): TracedEvidence {
  return {
    id: item.id,
    kind: item.kind,
    result: item.result,
    summary: item.summary,
    ...(item.url !== undefined && { url: item.url }),
    ...(item.fileUrl !== undefined && { fileUrl: item.fileUrl }),
    versionNum: item.versionNum,
    current: item.current,
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    provenance: item.provenance,
    ...(item.superseded && { superseded: true }),
  };
}

function tracedFinding(item: FindingFact): TracedFinding {
  return {
    id: item.id,
    source: item.source,
    severity: item.severity,
    note: item.note,
    criterionIds: item.criterionIds,
    ...(item.row && { row: item.row }),
    ...(item.fileUrl !== undefined && { fileUrl: item.fileUrl }),
    createdAt: item.createdAt,
    createdBy: item.createdBy,
  };
}

/**
 * The trace of a brief's current version (docs/contract.md#trace): requirements → tickets → criteria →
 * work orders, evidence and findings, each criterion's status, and the gaps — every place where the
 * chain from a requirement to its proof is broken. Pure: the facts are read by the caller.
 */
export function buildTrace(brief: { id: string; versionNum: number }, content: BriefContent, facts: TraceFacts): Trace {
  const requirements = content.requirements ?? [];
  const criteria = content.acceptanceCriteria ?? [];
  const tickets = content.generatedTickets ?? [];
  const orders = workOrdersOf(facts.workOrderEntries);
  const orderOf = (ticketId: string): WorkOrder => orders.get(ticketId) ?? untouchedWorkOrder(ticketId);
  const openFindings = facts.findings.filter((finding) => finding.status === "open");
  const superseded = supersededEvidence(facts.evidence);
  const gaps: TraceGap[] = [];

  const requirementIds = requirements.map(requirementIdOf);
  const knownRequirements = new Set(requirementIds.filter((id): id is string => id !== null));
  const knownCriteria = new Set(criteria.map((criterion) => criterion.id));

  const tracedRequirements = requirements.map((text, index) => {
    const id = requirementIds[index];
    const bound = id === null ? [] : tickets.filter((ticket) => (ticket.boundRequirements ?? []).includes(id)).map((ticket) => ticket.id);
    if (id === null) gaps.push({ kind: "requirement_without_id", requirementIndex: index, message: `Requirement ${index + 1} has no id, so nothing can be traced to it.` });
    else if (requirementIds.indexOf(id) !== index) gaps.push({ kind: "duplicate_requirement_id", requirementId: id, requirementIndex: index, message: `${id} names more than one requirement.` });
    else if (bound.length === 0) gaps.push({ kind: "requirement_without_ticket", requirementId: id, message: `No ticket implements ${id}.` });
    return { index, id, text, traceable: id !== null, tickets: bound };
  });

  // Content does not make ids unique; evidence and work orders name an id, so a repeated one is ambiguous.
  criteria.forEach((criterion, index) => {
    if (criteria.findIndex((other) => other.id === criterion.id) !== index) {
      gaps.push({ kind: "duplicate_criterion_id", criterionId: criterion.id, criterionIndex: index, message: `${criterion.id} names more than one acceptance criterion; evidence for it is pinned to the last one.` });
    }
  });
  tickets.forEach((ticket, index) => {
    if (tickets.findIndex((other) => other.id === ticket.id) !== index) {
      gaps.push({ kind: "duplicate_ticket_id", ticketId: ticket.id, message: `${ticket.id} names more than one ticket; they share one work order.` });
    }
  });

  for (const ticket of tickets) {
    for (const criterionId of ticket.boundCriteria.filter((id) => !knownCriteria.has(id))) {
      gaps.push({ kind: "unknown_criterion", ticketId: ticket.id, criterionId, message: `Ticket ${ticket.id} binds ${criterionId}, which is not an acceptance criterion.` });
    }
    for (const requirementId of (ticket.boundRequirements ?? []).filter((id) => !knownRequirements.has(id))) {
      gaps.push({ kind: "unknown_requirement", ticketId: ticket.id, requirementId, message: `Ticket ${ticket.id} binds ${requirementId}, which no requirement is numbered as.` });
    }
  }

  // By id, every status of the criteria with that id: content does not make ids unique.
  const statusesOf = new Map<string, CriterionStatus[]>();
  const tracedCriteria = criteria.map((criterion) => {
    const binding = tickets.filter((ticket) => ticket.boundCriteria.includes(criterion.id));
    const workOrders = binding.map((ticket) => orderOf(ticket.id));
    const evidence = evidenceFor(criterion, facts.evidence).map((item) => ({ ...item, superseded: superseded.has(item.id) }));
    const status = criterionStatus(criterion, evidence, workOrders);
    statusesOf.set(criterion.id, [...(statusesOf.get(criterion.id) ?? []), status]);
    const findings = openFindings.filter((finding) => finding.criterionIds.includes(criterion.id));
    if (!isExempt(criterion) && binding.length === 0) gaps.push({ kind: "criterion_without_ticket", criterionId: criterion.id, message: `No ticket implements ${criterion.id}.` });
    if (status === "suspect") {
      gaps.push({ kind: "suspect_evidence", criterionId: criterion.id, evidenceIds: evidence.map((item) => item.id), message: `${criterion.id} changed since its evidence was given.` });
    }
    return {
      id: criterion.id,
      text: criterion.text,
      status,
      tickets: binding.map((ticket) => ticket.id),
      workOrders,
      evidence: evidence.map(tracedEvidence),
      openFindings: findings.map(tracedFinding),
    };
  });

  const tracedTickets = tickets.map((ticket) => {
    const workOrder = orderOf(ticket.id);
    const unproven = ticket.boundCriteria.filter((id) => knownCriteria.has(id) && statusesOf.get(id)!.some((status) => status !== "proven" && status !== "exempt"));
    if (workOrder.status === "done" && unproven.length > 0) {
      gaps.push({ kind: "claimed_not_proven", ticketId: ticket.id, criterionIds: unproven, message: `Ticket ${ticket.id} is done, but ${unproven.join(", ")} ${unproven.length === 1 ? "has" : "have"} no passing evidence.` });
    }
    const pullRequests = (facts.pullRequests ?? []).filter((pr) => pr.ticketId === ticket.id).map(({ url, number, state, headSha }) => ({ url, number, state, headSha }));
    return { id: ticket.id, title: ticket.title, boundCriteria: ticket.boundCriteria, boundRequirements: ticket.boundRequirements ?? [], workOrder, pullRequests };
  });

  for (const finding of openFindings) {
    const where = finding.row ? `QA row ${finding.row.index + 1}` : finding.criterionIds.join(", ") || "the brief";
    gaps.push({ kind: "open_finding", findingId: finding.id, criterionIds: finding.criterionIds, message: `An open ${finding.severity} finding on ${where}: ${finding.note.slice(0, 200)}` });
  }

  return {
    briefId: brief.id,
    versionNum: brief.versionNum,
    proof: proofSummary(tracedCriteria.map((criterion) => criterion.status), openFindings.length),
    requirements: tracedRequirements,
    criteria: tracedCriteria,
    tickets: tracedTickets,
    openFindings: openFindings.map(tracedFinding),
    gaps,
  };
}

/**
 * Verified evidence from an older head of a pull request, once a newer head of it has a report:
 * the code it tested is no longer what the pull request would merge.
 */
export function supersededEvidence(evidence: readonly EvidenceFact[]): Set<string> {
  const latestSha = new Map<string, string>();
  for (const item of evidence) if (isVerified(item.provenance)) latestSha.set(`${item.provenance.repository}#${item.provenance.pullRequest}`, item.provenance.sha);
  return new Set(evidence.filter((item) => isVerified(item.provenance) && latestSha.get(`${item.provenance.repository}#${item.provenance.pullRequest}`) !== item.provenance.sha).map((item) => item.id));
}

/** "n of m criteria proven": m leaves out exempt criteria, which need no evidence. */
export function proofSummary(statuses: readonly CriterionStatus[], openFindings: number): Trace["proof"] {
  const needed = statuses.filter((status) => status !== "exempt");
  return {
    proven: needed.filter((status) => status === "proven").length,
    needed: needed.length,
    exempt: statuses.length - needed.length,
    openFindings,
    complete: needed.every((status) => status === "proven") && openFindings === 0,
  };
}
