"use client";

import type { Trace } from "@/lib/trace/trace-schema";
import { CriterionStatusChip } from "./criterion-status-chip";
import { EvidenceForm } from "./evidence-form";
import { EvidenceList } from "./evidence-list";
import { OpenFindingsNote } from "./open-findings-note";
import { useAddEvidence } from "./use-add-evidence";

type TracedCriterion = Trace["criteria"][number];

/** Under a criterion: its status, its evidence and open findings, and for editors "Add evidence". */
export function CriterionProof({
  briefId,
  index,
  criterionId,
  traced,
  canEdit,
  maxFileBytes,
  onChanged,
}: {
  briefId: string;
  index: number;
  criterionId: string;
  traced: TracedCriterion | undefined;
  canEdit: boolean;
  maxFileBytes: number;
  onChanged: () => void;
}) {
  const { add, pending, error } = useAddEvidence(briefId, onChanged);
  return (
    <div className="mt-2 space-y-2 border-t border-slate-200 pt-2">
      {traced && <CriterionStatusChip status={traced.status} />}
      {traced && <EvidenceList criterionId={criterionId} evidence={traced.evidence} />}
      {traced && <OpenFindingsNote findings={traced.openFindings} />}
      {canEdit && (
        <details data-proof-controls className="print:hidden">
          <summary className="cursor-pointer text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">Add evidence</summary>
          <div className="mt-2">
            <EvidenceForm idPrefix={`evidence-${index}`} criterionId={criterionId} maxFileBytes={maxFileBytes} pending={pending} error={error} onSubmit={add} />
          </div>
        </details>
      )}
    </div>
  );
}
