import type { CheckPostingStatus } from "@/lib/github/check-posting-status";
import type { ConnectedRepository } from "@/lib/github/connect-repository";
import { Panel } from "../ui/panel";
import { ConnectRepositoryForm } from "./connect-repository-form";
import { DisconnectRepositoryButton } from "./disconnect-repository-button";

/** The owners' GitHub panel: the connected repositories, and connecting another (docs/github.md). */
export function GithubPanel({ projectId, repositories, checks }: { projectId: string; repositories: ConnectedRepository[]; checks: CheckPostingStatus }) {
  return (
    <Panel headingId="github-heading" title="GitHub">
      <div className="space-y-4">
        <p className="text-sm text-slate-600">Pull requests of connected repositories link the tickets they name; a merged one that closes a ticket marks it done.</p>
        {repositories.length === 0 ? (
          <p className="text-sm text-slate-600">No repository is connected.</p>
        ) : (
          <ul aria-label="Connected repositories" className="space-y-2">
            {repositories.map((repository) => (
              <li key={repository.id} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="github-repository">
                <span>
                  <span className="font-mono">{repository.fullName}</span> <span className="text-slate-600">· installation {repository.installationId}</span>
                </span>
                <DisconnectRepositoryButton projectId={projectId} fullName={repository.fullName} />
              </li>
            ))}
          </ul>
        )}
        <CheckPosting checks={checks} />
        <ConnectRepositoryForm projectId={projectId} />
      </div>
    </Panel>
  );
}

/** Whether the "Briefs" check is posted, and the checks GitHub has refused lately, with its answer. */
function CheckPosting({ checks }: { checks: CheckPostingStatus }) {
  if (!checks.enabled) {
    return <p className="text-sm text-slate-600" data-testid="github-checks-off">Checks are off: no GitHub App is configured, so no &ldquo;Briefs&rdquo; check is posted on pull requests.</p>;
  }
  if (checks.failing.length === 0) return <p className="text-sm text-slate-600">The &ldquo;Briefs&rdquo; check on each linked pull request shows its briefs&rsquo; standing.</p>;
  return (
    <div className="space-y-2" role="status">
      <p className="text-sm font-medium text-red-700">Checks failing to post to GitHub (tried again on their own):</p>
      <ul aria-label="Checks failing to post" className="space-y-1 text-sm">
        {checks.failing.map((check) => (
          <li key={`${check.fullName}#${check.number}@${check.headSha}`} data-testid="github-check-failing">
            <a className="underline" href={check.pullRequestUrl}>
              {check.fullName}#{check.number}
            </a>{" "}
            <span className="font-mono">{check.headSha.slice(0, 7)}</span> · {check.attempts} attempt{check.attempts === 1 ? "" : "s"}
            {check.retryAt && <> · next {new Date(check.retryAt).toISOString().replace("T", " ").slice(0, 16)} UTC</>}
            <div className="break-words text-red-700">{check.lastError}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}
