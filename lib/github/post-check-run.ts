import type { App } from "@octokit/app";
import type { CheckRunOutput } from "./check-run-summary";

/** The check's name on GitHub: one per head commit, found again by the id GitHub gave it. */
export const CHECK_NAME = "Briefs";
/** A GitHub that does not answer holds up the worker's round (and the deliveries after it) no longer than this. */
export const POST_TIMEOUT_MS = 10_000;

/**
 * Creates the check on a commit (POST /repos/{owner}/{repo}/check-runs) or, given its id, updates
 * it (PATCH …/check-runs/{id}), as the App's installation; returns GitHub's id for it.
 */
export async function postCheckRun(app: App, target: { installationId: bigint; fullName: string; headSha: string; checkRunId: bigint | null }, output: CheckRunOutput): Promise<bigint> {
  const octokit = await app.getInstallationOctokit(Number(target.installationId));
  const [owner, repo] = target.fullName.split("/");
  const body = {
    status: "completed" as const,
    conclusion: output.conclusion,
    output: { title: output.title, summary: output.summary },
    request: { signal: AbortSignal.timeout(POST_TIMEOUT_MS) },
  };
  const response =
    target.checkRunId === null
      ? await octokit.request("POST /repos/{owner}/{repo}/check-runs", { owner, repo, name: CHECK_NAME, head_sha: target.headSha, ...body })
      : await octokit.request("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", { owner, repo, check_run_id: Number(target.checkRunId), ...body });
  return BigInt((response.data as { id: number }).id);
}

/** A failure as owners read it on the GitHub panel: GitHub's status and message, or the network's error. */
export function postingError(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof status === "number" ? `GitHub answered ${status}: ${message}` : message).slice(0, 2000);
}
