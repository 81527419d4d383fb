import type { ConnectedRepository } from "@/lib/github/connect-repository";
import { Panel } from "../ui/panel";
import { ConnectRepositoryForm } from "./connect-repository-form";
import { DisconnectRepositoryButton } from "./disconnect-repository-button";

/** The owners' GitHub panel: the connected repositories, and connecting another (docs/github.md). */
export function GithubPanel({ projectId, repositories }: { projectId: string; repositories: ConnectedRepository[] }) {
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
        <ConnectRepositoryForm projectId={projectId} />
      </div>
    </Panel>
  );
}
