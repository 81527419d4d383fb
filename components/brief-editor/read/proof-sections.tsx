import type { ReactNode } from "react";
import { CriteriaWithProof } from "@/components/evidence/criteria-with-proof";
import { TicketsWithWorkOrders } from "@/components/work-orders/tickets-with-work-orders";
import type { BriefContent } from "@/lib/briefs/schema";
import { EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import type { Trace } from "@/lib/trace/trace-schema";
import type { SectionKey } from "../sections";

/**
 * The document's sections that show proof beside their content: tickets with their work orders,
 * criteria with their status and evidence. Everyone sees them; `canEdit` adds the controls.
 */
export function proofSections({ briefId, content, trace, canEdit, onChanged }: { briefId: string; content: BriefContent; trace: Trace; canEdit: boolean; onChanged: () => void }): Partial<Record<SectionKey, ReactNode>> {
  return {
    generatedTickets: <TicketsWithWorkOrders briefId={briefId} tickets={content.generatedTickets ?? []} trace={trace} canEdit={canEdit} onChanged={onChanged} />,
    acceptanceCriteria: (
      <CriteriaWithProof briefId={briefId} criteria={content.acceptanceCriteria ?? []} trace={trace} canEdit={canEdit} maxFileBytes={EVIDENCE_FILE_MAX_BYTES_WEB} onChanged={onChanged} />
    ),
  };
}
