"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { QaChecklistItem } from "@/lib/briefs/schema";
import { FailRowForm } from "./fail-row-form";
import { OpenFinding } from "./open-finding";
import type { RowFinding } from "./row-findings";
import { useFailRow } from "./use-fail-row";
import { useResolveFinding } from "./use-resolve-finding";

/** Under a QA row: its open findings until they are resolved, and "Mark failed" for those who tick. */
export function QaRowFindings({
  briefId,
  index,
  row,
  findings,
  criterionIds,
  canAct,
  maxFileBytes,
  onChanged,
}: {
  briefId: string;
  index: number;
  row: QaChecklistItem;
  findings: RowFinding[];
  criterionIds: string[];
  canAct: boolean;
  maxFileBytes: number;
  onChanged: () => void;
}) {
  const [failing, setFailing] = useState(false);
  const { fail, pending, error } = useFailRow(briefId, onChanged);
  const resolver = useResolveFinding(briefId, onChanged);
  if (!canAct && findings.length === 0) return null;
  return (
    <div className="pb-2 pl-7 print:hidden" data-testid="qa-row-findings">
      {findings.map((finding) => (
        <OpenFinding
          key={finding.id}
          finding={finding}
          idPrefix={`finding-${finding.id}`}
          canResolve={canAct}
          pending={resolver.pending === finding.id}
          error={resolver.errors[finding.id] ?? null}
          onResolve={(resolution) => void resolver.resolve(finding.id, resolution)}
        />
      ))}
      {canAct &&
        (failing ? (
          <FailRowForm
            idPrefix={`qa-row-${index}-fail`}
            index={index}
            rowText={row.text}
            criterionIds={criterionIds}
            maxFileBytes={maxFileBytes}
            pending={pending}
            error={error}
            onSubmit={async (form) => {
              const stored = await fail(form);
              if (stored) setFailing(false);
              return stored;
            }}
            onCancel={() => setFailing(false)}
          />
        ) : (
          <Button type="button" variant="ghost" className="mt-1 px-2 py-1 text-xs text-rose-700" onClick={() => setFailing(true)} aria-label={`Mark failed: ${row.text}`}>
            Mark failed
          </Button>
        ))}
    </div>
  );
}
