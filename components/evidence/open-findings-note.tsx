import type { Trace } from "@/lib/trace/trace-schema";

type OpenFinding = Trace["criteria"][number]["openFindings"][number];

/** The open findings that hold a criterion back, in a line each; the QA row shows them in full. */
export function OpenFindingsNote({ findings }: { findings: OpenFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="space-y-1 text-xs text-rose-800" aria-label="Open findings">
      {findings.map((finding) => (
        <li key={finding.id} className="wrap-anywhere">
          Open {finding.severity} finding{finding.row ? ` on QA row “${finding.row.text}”` : ""}: {finding.note}
        </li>
      ))}
    </ul>
  );
}
