/** The parts of a `pull_request` webhook payload this app reads (GitHub's documented shape). */
export type PullRequestPayload = {
  action: string;
  number: number;
  pull_request: {
    number: number;
    html_url: string;
    title: string;
    body: string | null;
    draft?: boolean;
    state: "open" | "closed";
    merged?: boolean | null;
    merged_at?: string | null;
    updated_at: string;
    head: { sha: string; ref: string };
    user: { login: string };
  };
  repository: { full_name: string };
};

/** The actions that change what a pull request says or where it stands; the rest (labels, reviewers) are not read. */
export const handledPullRequestActions = new Set(["opened", "edited", "reopened", "synchronize", "ready_for_review", "converted_to_draft", "closed"]);

export type PullRequestState = "draft" | "open" | "merged" | "closed";

export function pullRequestState(pr: PullRequestPayload["pull_request"]): PullRequestState {
  if (pr.state === "closed") return pr.merged || pr.merged_at ? "merged" : "closed";
  return pr.draft ? "draft" : "open";
}
