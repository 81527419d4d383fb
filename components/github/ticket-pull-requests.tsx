import type { Trace } from "@/lib/trace/trace-schema";
import { Badge, type BadgeTone } from "../ui/badge";
import { NewTabLink } from "../ui/new-tab-link";

const stateTones: Record<string, BadgeTone> = { draft: "muted", open: "info", merged: "success", closed: "danger" };

/** The GitHub pull requests that link a ticket, each with where it stands. */
export function TicketPullRequests({ pullRequests }: { pullRequests: Trace["tickets"][number]["pullRequests"] }) {
  if (!pullRequests.length) return null;
  return (
    <ul aria-label="Pull requests" className="mt-1 flex flex-wrap gap-2 text-sm">
      {pullRequests.map((pr) => (
        <li key={pr.url} className="inline-flex items-center gap-1" data-testid="ticket-pull-request">
          <NewTabLink href={pr.url}>{pullRequestName(pr.url, pr.number)}</NewTabLink>
          <Badge tone={stateTones[pr.state] ?? "neutral"}>{pr.state}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** "owner/name#12" from the pull request's address, or "#12" when it is not GitHub's usual form. */
function pullRequestName(url: string, number: number): string {
  const match = /^https?:\/\/[^/]+\/([^/]+\/[^/]+)\/pull\/\d+/.exec(url);
  return match ? `${match[1]}#${number}` : `#${number}`;
}
