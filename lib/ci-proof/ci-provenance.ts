import type { CiProvenance } from "@/lib/evidence/provenance";
import type { ReportPullRequest } from "./find-pull-request";
import type { ActionsClaims } from "./verify-actions-token";

/** The run's page on GitHub, attempt included: a re-run is a different page with its own results. */
export function runUrlOf(claims: ActionsClaims): string {
  return `${claims.serverUrl ?? "https://github.com"}/${claims.repository}/actions/runs/${claims.runId}/attempts/${claims.runAttempt}`;
}

/** The provenance every item of a verified report carries (docs/contract.md#provenance). */
export function ciProvenance(claims: ActionsClaims, pullRequest: ReportPullRequest): CiProvenance {
  return {
    kind: "ci",
    provider: "github-actions",
    repository: claims.repository,
    workflow: claims.workflow,
    runId: claims.runId,
    runUrl: runUrlOf(claims),
    sha: pullRequest.headSha.toLowerCase(),
    testedSha: claims.sha,
    ref: claims.ref,
    pullRequest: pullRequest.number,
  };
}
