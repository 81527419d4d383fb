import { evidenceKinds } from "@/lib/evidence/evidence-schema";

type EvidenceKind = (typeof evidenceKinds)[number];

/** How the page names each kind of evidence (docs/contract.md#evidence). */
const labels: Record<EvidenceKind, string> = {
  screenshot: "Screenshot",
  test_run: "Test run",
  pull_request: "Pull request",
  commit: "Commit",
  log: "Log",
  document: "Document",
  link: "Link",
};

/** The kinds in the order the form offers them: a screenshot first, what people attach most. */
export const evidenceKindOptions = (["screenshot", ...evidenceKinds.filter((kind) => kind !== "screenshot")] as EvidenceKind[]).map((value) => ({ value, label: labels[value] }));

export function evidenceKindLabel(kind: string): string {
  return labels[kind as EvidenceKind] ?? kind;
}
