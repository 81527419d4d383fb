/** A criterion bound to a linked ticket, as the check sees it at one commit. */
export type CheckCriterion = { id: string; text: string; status: string; openFindings: number; failingFindings: number };
export type CheckBrief = { briefId: string; projectId: string; title: string; criteria: CheckCriterion[] };
export type CheckConclusion = "success" | "failure" | "neutral";
export type CheckRunOutput = { conclusion: CheckConclusion; title: string; summary: string };

/** GitHub refuses a summary longer than this many characters. */
const SUMMARY_MAX = 65_535;

const satisfied = (criterion: CheckCriterion) => (criterion.status === "proven" || criterion.status === "exempt") && criterion.openFindings === 0;
const failing = (criterion: CheckCriterion) => criterion.status === "failing" || criterion.failingFindings > 0;

/**
 * What the "Briefs" check says about a pull request's head commit (docs/github.md#the-briefs-check):
 * failure when a bound criterion fails there, success when every one is proven there with no
 * finding open, neutral otherwise — also when the pull request binds no criterion at all. Pure:
 * the statuses are computed by the caller with only that commit's verified evidence.
 */
export function checkRunSummary(briefs: readonly CheckBrief[], headSha: string, appUrl: string): CheckRunOutput {
  const criteria = briefs.flatMap((brief) => brief.criteria);
  const needed = criteria.filter((criterion) => criterion.status !== "exempt");
  const proven = needed.filter(satisfied).length;
  const failed = criteria.filter(failing).length;
  const conclusion: CheckConclusion = failed > 0 ? "failure" : criteria.length > 0 && criteria.every(satisfied) ? "success" : "neutral";
  const commit = headSha.slice(0, 7);
  const title =
    criteria.length === 0
      ? "No acceptance criterion is bound to the linked tickets"
      : failed > 0
        ? `${failed} of ${criteria.length} criteria failing at ${commit}`
        : `${proven} of ${needed.length} criteria proven at ${commit}`;
  const origin = appUrl.replace(/\/$/, "");
  const sections = briefs.map((brief) => {
    const rows = brief.criteria.map((criterion) => {
      const findings = criterion.openFindings ? ` (${criterion.openFindings} open finding${criterion.openFindings === 1 ? "" : "s"})` : "";
      return `| ${criterion.id} | ${cell(criterion.text)} | ${criterion.status}${findings} |`;
    });
    const table = rows.length ? ["| Criterion | Text | Status |", "| --- | --- | --- |", ...rows].join("\n") : "_No criterion is bound to the linked tickets._";
    return `### ${cell(brief.title)}\n\n${table}\n\n[Trace of this brief](${origin}/projects/${brief.projectId}/briefs/${brief.briefId}/trace)`;
  });
  const lead = `Only evidence from verified test reports of commit \`${commit}\` counts here.`;
  let summary = [lead, ...sections].join("\n\n");
  if (summary.length > SUMMARY_MAX) summary = `${summary.slice(0, SUMMARY_MAX - 40)}\n\n…(cut: see the trace pages)`;
  return { conclusion, title, summary };
}

/** Text inside a Markdown table cell: one line, no column breaks. */
function cell(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\|/g, "\\|").slice(0, 300);
}
