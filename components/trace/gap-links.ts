import { sectionAnchor } from "@/components/brief-editor/read/document-sections";
import type { SectionKey } from "@/components/brief-editor/sections";
import { viewHref } from "@/components/brief-editor/view-url";
import type { TraceGap } from "@/lib/trace/trace-schema";

/** Where a gap is looked at or fixed: a link's words and address. */
export type GapLink = { label: string; href: string };

export type GapLinkContext = {
  /** The brief page, `/projects/<id>/briefs/<id>`. */
  briefPath: string;
  /** Whether this person may open the editor (an editor or owner, or a reviewer who suggests changes). */
  canDraft: boolean;
  /** Whether this person may add evidence (an editor or owner of a brief that can still change). */
  canProve: boolean;
};

/** The anchors of the trace page's rows, so a gap can point at the row it is about. */
export const requirementAnchor = (index: number) => `requirement-${index + 1}`;
export const ticketAnchor = (ticketId: string) => `ticket-${ticketId}`;
export const criterionAnchor = (criterionId: string) => `criterion-${criterionId}`;

/**
 * The links beside a gap: first where it is fixed (the editor at the right section, or the brief's
 * criteria where evidence is added), then the trace page's row it is about. Someone who cannot
 * change the brief gets the same places to look at instead.
 */
export function gapLinks(gap: TraceGap, { briefPath, canDraft, canProve }: GapLinkContext): GapLink[] {
  const edit = (section: SectionKey, fix: string, look: string): GapLink =>
    canDraft ? { label: fix, href: viewHref(briefPath, "edit", section) } : { label: look, href: `${briefPath}#${sectionAnchor(section)}` };
  const prove = (what: string): GapLink => ({
    label: canProve ? `Add evidence for ${what} on the brief` : `See the evidence for ${what} on the brief`,
    href: `${briefPath}#${sectionAnchor("acceptanceCriteria")}`,
  });
  const row = (anchor: string, label: string): GapLink => ({ label, href: `#${anchor}` });

  switch (gap.kind) {
    case "requirement_without_id":
      return [edit("requirements", "Number the requirements in the editor", "See the requirements on the brief"), row(requirementAnchor(gap.requirementIndex ?? 0), `See requirement ${(gap.requirementIndex ?? 0) + 1}`)];
    case "duplicate_requirement_id":
      return [edit("requirements", `Give one ${gap.requirementId} another id in the editor`, "See the requirements on the brief"), row(requirementAnchor(gap.requirementIndex ?? 0), `See requirement ${(gap.requirementIndex ?? 0) + 1}`)];
    case "duplicate_criterion_id":
      return [edit("acceptanceCriteria", `Give one ${gap.criterionId} another id in the editor`, "See the acceptance criteria on the brief"), row(criterionAnchor(gap.criterionId ?? ""), `See ${gap.criterionId}`)];
    case "duplicate_ticket_id":
      return [edit("generatedTickets", `Give one ${gap.ticketId} another id in the editor`, "See the tickets on the brief"), row(ticketAnchor(gap.ticketId ?? ""), `See ticket ${gap.ticketId}`)];
    case "requirement_without_ticket":
      return [edit("generatedTickets", `Bind a ticket to ${gap.requirementId} in the editor`, "See the tickets on the brief")];
    case "criterion_without_ticket":
      return [edit("generatedTickets", `Bind a ticket to ${gap.criterionId} in the editor`, "See the tickets on the brief"), row(criterionAnchor(gap.criterionId ?? ""), `See ${gap.criterionId}`)];
    case "unknown_criterion":
    case "unknown_requirement":
      return [edit("generatedTickets", `Fix what ticket ${gap.ticketId} binds in the editor`, "See the tickets on the brief"), row(ticketAnchor(gap.ticketId ?? ""), `See ticket ${gap.ticketId}`)];
    case "claimed_not_proven":
      return [prove((gap.criterionIds ?? []).join(", ")), row(ticketAnchor(gap.ticketId ?? ""), `See ticket ${gap.ticketId}`)];
    case "suspect_evidence":
      return [prove(gap.criterionId ?? ""), row(criterionAnchor(gap.criterionId ?? ""), `See ${gap.criterionId}`)];
    case "open_finding": {
      const criteria = gap.criterionIds ?? [];
      return [
        criteria.length > 0 ? prove(criteria.join(", ")) : { label: "See the QA checklist on the brief", href: `${briefPath}#${sectionAnchor("testingQaChecklist")}` },
        ...criteria.map((id) => row(criterionAnchor(id), `See ${id}`)),
      ];
    }
  }
}

/** A gap's kind in a few words, shown above its message. */
export const gapKindLabels: Record<TraceGap["kind"], string> = {
  requirement_without_id: "Requirement without an id",
  duplicate_requirement_id: "Id used twice",
  duplicate_criterion_id: "Criterion id used twice",
  duplicate_ticket_id: "Ticket id used twice",
  requirement_without_ticket: "Requirement without a ticket",
  criterion_without_ticket: "Criterion without a ticket",
  unknown_criterion: "Ticket binds an unknown criterion",
  unknown_requirement: "Ticket binds an unknown requirement",
  claimed_not_proven: "Done but not proven",
  suspect_evidence: "Evidence for an earlier text",
  open_finding: "Open finding",
};
