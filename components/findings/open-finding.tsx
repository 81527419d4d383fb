"use client";

import { useState } from "react";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/date-format";
import { NewTabLink } from "@/components/ui/new-tab-link";
import { Textarea } from "@/components/ui/textarea";
import { FINDING_NOTE_MAX } from "@/lib/contract/bounds";
import { severityView } from "./finding-labels";
import type { RowFinding } from "./row-findings";

/** An open finding on a QA row: how bad, what QA saw, its screenshot, who found it; "Resolve" for editors. */
export function OpenFinding({
  finding,
  idPrefix,
  canResolve,
  pending,
  error,
  onResolve,
}: {
  finding: RowFinding;
  idPrefix: string;
  canResolve: boolean;
  pending: boolean;
  error: string | null;
  onResolve: (resolution: string) => void;
}) {
  const [resolving, setResolving] = useState(false);
  const [resolution, setResolution] = useState("");
  const severity = severityView(finding.severity);
  return (
    <div className="mt-1 rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm" data-testid="open-finding" role="group" aria-label={`Open finding: ${severity.label}`}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-rose-900">Failed</span>
        <Badge tone={severity.tone}>{severity.label}</Badge>
        {finding.criterionIds.length > 0 && <span className="text-xs text-rose-900">Affects {finding.criterionIds.join(", ")}</span>}
      </p>
      <MarkdownText text={finding.note} className="mt-1 text-slate-800" />
      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
        {finding.fileUrl && <NewTabLink href={finding.fileUrl}>Screenshot</NewTabLink>}
        <span>
          Reported by {finding.createdBy} at {formatDateTime(finding.createdAt)}
        </span>
      </p>
      {canResolve && !resolving && (
        <Button type="button" variant="secondary" className="mt-2 py-1" onClick={() => setResolving(true)}>
          Resolve
        </Button>
      )}
      {canResolve && resolving && (
        <form
          data-proof-controls
          className="mt-2 space-y-2"
          aria-label="Resolve the finding"
          onSubmit={(event) => {
            event.preventDefault();
            onResolve(resolution.trim());
          }}
        >
          <Textarea id={`${idPrefix}-resolution`} label="How it was resolved (optional)" rows={2} autoGrow maxLength={FINDING_NOTE_MAX} value={resolution} onChange={(event) => setResolution(event.target.value)} />
          {error && <Alert>{error}</Alert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? "Resolving…" : "Mark resolved"}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setResolving(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
