"use client";

import { Panel } from "@/components/ui/panel";
import type { QaChecklistItem } from "@/lib/briefs/schema";
import type { Trace } from "@/lib/trace/trace-schema";
import { OpenFinding } from "./open-finding";
import { unplacedFindings } from "./row-findings";
import { useResolveFinding } from "./use-resolve-finding";

/**
 * The open findings no QA row shows (failing evidence's, and those of a row whose text changed or
 * was removed), each with "Resolve" for those who may: without this a finding nobody can prove away
 * would stay open, and hold the brief back from checked when the project requires proof.
 */
export function OtherOpenFindings({ briefId, rows, trace, canResolve, onChanged }: { briefId: string; rows: QaChecklistItem[]; trace: Trace; canResolve: boolean; onChanged: () => void }) {
  const resolver = useResolveFinding(briefId, onChanged);
  const findings = unplacedFindings(rows, trace);
  if (findings.length === 0) return null;
  return (
    <Panel headingId="other-open-findings-heading" title="Other open findings">
      <ul className="space-y-2" data-testid="other-open-findings">
        {findings.map((finding) => (
          <li key={finding.id} className="wrap-anywhere">
            <p className="text-xs text-slate-600">{finding.row ? `On QA row “${finding.row.text}”, which the checklist no longer has` : "From failing evidence"}</p>
            <OpenFinding
              finding={finding}
              idPrefix={`other-finding-${finding.id}`}
              canResolve={canResolve}
              pending={resolver.pending === finding.id}
              error={resolver.errors[finding.id] ?? null}
              onResolve={(resolution) => void resolver.resolve(finding.id, resolution)}
            />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
