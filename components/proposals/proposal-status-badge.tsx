import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ProposalItem } from "@/lib/proposals/proposal-schema";

const tones: Record<ProposalItem["status"], BadgeTone> = { open: "info", accepted: "success", rejected: "danger", withdrawn: "muted", superseded: "muted" };
const labels: Record<ProposalItem["status"], string> = { open: "Open", accepted: "Accepted", rejected: "Rejected", withdrawn: "Withdrawn", superseded: "Superseded" };

/** A proposal's status, and for an open one whether it merges into the current version. */
export function ProposalStatusBadge({ proposal }: { proposal: Pick<ProposalItem, "status" | "mergeable" | "conflicts" | "legacy"> }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <Badge tone={tones[proposal.status]}>{labels[proposal.status]}</Badge>
      {proposal.status === "open" && !proposal.legacy && (proposal.mergeable ? <Badge tone="success">Merges cleanly</Badge> : <Badge tone="warning">{`${proposal.conflicts?.length ?? 0} conflict${proposal.conflicts?.length === 1 ? "" : "s"}`}</Badge>)}
      {proposal.legacy && <Badge tone="muted">Legacy</Badge>}
    </span>
  );
}
