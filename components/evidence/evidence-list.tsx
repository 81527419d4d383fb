import { MarkdownText } from "@/components/markdown/markdown-text";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/date-format";
import { NewTabLink } from "@/components/ui/new-tab-link";
import type { Trace } from "@/lib/trace/trace-schema";
import { evidenceKindLabel } from "./evidence-kinds";
import { VerifiedBadge } from "./verified-badge";

type Evidence = Trace["criteria"][number]["evidence"][number];

/** A criterion's evidence, newest first: passed or failed, what it is, where to see it, who gave it. */
export function EvidenceList({ criterionId, evidence }: { criterionId: string; evidence: Evidence[] }) {
  if (evidence.length === 0) return null;
  return (
    <ul aria-label={`Evidence for ${criterionId}`} className="mt-2 space-y-2" data-testid="evidence-list">
      {[...evidence].reverse().map((item) => (
        <li key={item.id} className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm" data-testid="evidence">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge tone={item.result === "pass" ? "success" : "danger"}>{item.result === "pass" ? "Passed" : "Failed"}</Badge>
            <span className="font-medium text-slate-800">{evidenceKindLabel(item.kind)}</span>
            {!item.current && <Badge tone="warning">For an earlier text</Badge>}
            <VerifiedBadge provenance={item.provenance} superseded={item.superseded} />
          </p>
          <MarkdownText text={item.summary} className="mt-1 text-slate-700" />
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
            {item.fileUrl && <NewTabLink href={item.fileUrl}>Open the file</NewTabLink>}
            {item.url && <NewTabLink href={item.url}>Open the link</NewTabLink>}
            <span>
              Added by {item.createdBy} at {formatDateTime(item.createdAt)} · version {item.versionNum}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}
