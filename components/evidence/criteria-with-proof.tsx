"use client";

import { CriterionFacts, listRowClassName } from "@/components/brief-editor/read/section-body";
import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import type { Trace } from "@/lib/trace/trace-schema";
import { CriterionProof } from "./criterion-proof";

/** The acceptance criteria in read mode, each with its status and evidence from the trace. */
export function CriteriaWithProof({
  briefId,
  criteria,
  trace,
  canEdit,
  maxFileBytes,
  onChanged,
}: {
  briefId: string;
  criteria: AcceptanceCriterion[];
  trace: Trace;
  canEdit: boolean;
  maxFileBytes: number;
  onChanged: () => void;
}) {
  const traced = new Map(trace.criteria.map((criterion) => [criterion.id, criterion]));
  return (
    <ul className="space-y-2" data-testid="criteria">
      {criteria.map((criterion, index) => (
        <li key={`${index}-${criterion.id}`} className={listRowClassName} data-testid="criterion">
          <CriterionFacts criterion={criterion} />
          <CriterionProof
            briefId={briefId}
            index={index}
            criterionId={criterion.id}
            traced={traced.get(criterion.id)}
            canEdit={canEdit}
            maxFileBytes={maxFileBytes}
            onChanged={onChanged}
          />
        </li>
      ))}
    </ul>
  );
}
