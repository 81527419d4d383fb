import examples from "@octokit/webhooks-examples";

type Example = { action: string; pull_request: Record<string, unknown> & { draft: boolean; head: Record<string, unknown>; user: Record<string, unknown> }; repository: Record<string, unknown> };

const pullRequestExamples = (examples as unknown as Array<{ name: string; examples: Example[] }>).find((event) => event.name === "pull_request")!.examples;

export type PullRequestChange = {
  repository: string;
  number?: number;
  title?: string;
  body?: string | null;
  headRef?: string;
  headSha?: string;
  draft?: boolean;
  merged?: boolean;
  login?: string;
  /** When the pull request changed, as GitHub stamps it; later deliveries carry later times. */
  updatedAt?: string;
};

/**
 * A `pull_request` payload as GitHub sends it — the community's recorded example for the action —
 * adapted to a repository, a text and a state. "closed" with `merged` is a merge.
 */
export function pullRequestPayload(action: "opened" | "edited" | "reopened" | "synchronize" | "ready_for_review" | "converted_to_draft" | "closed", change: PullRequestChange) {
  // The examples have no "edited": it carries what "opened" does (and what changed, not read here).
  const example = structuredClone(pullRequestExamples.find((e) => e.action === action) ?? pullRequestExamples.find((e) => e.action === "opened")!);
  example.action = action;
  const [owner, name] = change.repository.split("/");
  const number = change.number ?? 7;
  const pr = example.pull_request;
  // A merged pull request stays closed and merged in every later delivery (an edit after the merge, say).
  const closed = action === "closed" || Boolean(change.merged);
  const htmlUrl = `https://github.com/${change.repository}/pull/${number}`;
  Object.assign(pr, {
    number,
    html_url: htmlUrl,
    url: `https://api.github.com/repos/${change.repository}/pulls/${number}`,
    title: change.title ?? pr.title,
    body: change.body === undefined ? pr.body : change.body,
    draft: change.draft ?? pr.draft,
    state: closed ? "closed" : "open",
    merged: Boolean(change.merged),
    merged_at: change.merged ? change.updatedAt ?? new Date().toISOString() : null,
    updated_at: change.updatedAt ?? new Date().toISOString(),
  });
  Object.assign(pr.head, { ref: change.headRef ?? pr.head.ref, sha: change.headSha ?? pr.head.sha });
  Object.assign(pr.user, { login: change.login ?? "octocat" });
  Object.assign(example.repository, { name, full_name: `${owner}/${name}`, html_url: `https://github.com/${owner}/${name}` });
  return { ...example, number };
}

/** The headers GitHub sends with a delivery, signed with `secret` over the exact body. */
export async function signedDelivery(secret: string, body: string, deliveryId: string, event = "pull_request") {
  // Loaded when used: the package is ESM only, and the browser tests load this file as CommonJS.
  const { sign } = await import("@octokit/webhooks-methods");
  return {
    "content-type": "application/json",
    "x-github-event": event,
    "x-github-delivery": deliveryId,
    "x-hub-signature-256": await sign(secret, body),
  };
}
