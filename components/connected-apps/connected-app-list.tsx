import type { ConnectedAppView } from "@/lib/oauth/connected-apps";
import type { ActionResult } from "@/lib/web/action-result";
import { CredentialSummary } from "../tokens/credential-summary";
import { Badge } from "../ui/badge";
import { EmptyState } from "../ui/empty-state";
import { Detail } from "../ui/detail";
import { RelativeTime } from "../ui/relative-time";
import { DisconnectAppButton } from "./disconnect-app-button";

/** Applications connected through OAuth sign-in, with what each may do and when it last acted. */
export function ConnectedAppList({
  apps,
  disconnect,
}: {
  apps: ConnectedAppView[];
  disconnect: (grantId: string) => Promise<ActionResult<null>>;
}) {
  if (apps.length === 0) {
    return (
      <EmptyState title="No connected applications">
        Add Briefs to an AI client such as Claude, ChatGPT, VS Code or Cursor with the MCP address above; after you
        sign in and allow it, it appears here.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Connected applications" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {apps.map((app) => (
        <li key={app.grantId} className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center md:gap-6">
          <CredentialSummary
            className="md:w-72"
            name={app.clientName}
            badge={app.verifiedHost ? <Badge tone="success">{app.verifiedHost}</Badge> : <Badge tone="warning">unverified</Badge>}
            scopes={app.scopes}
          />
          <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <Detail term="Connected">
              <RelativeTime value={app.grantedAt} />
            </Detail>
            <Detail term="Last used">
              <RelativeTime value={app.lastUsedAt} fallback="Never" />
            </Detail>
          </dl>
          <div className="md:w-28 md:text-right">
            <DisconnectAppButton grantId={app.grantId} name={app.clientName} disconnect={disconnect} />
          </div>
        </li>
      ))}
    </ul>
  );
}
