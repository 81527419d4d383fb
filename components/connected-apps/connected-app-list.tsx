import type { ConnectedAppView } from "@/lib/oauth/connected-apps";
import type { ActionResult } from "@/lib/web/action-result";
import { CredentialRow } from "../tokens/credential-row";
import { Badge } from "../ui/badge";
import { EmptyState } from "../ui/empty-state";
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
        <CredentialRow
          key={app.grantId}
          name={app.clientName}
          badge={app.verifiedHost ? <Badge tone="success">{app.verifiedHost}</Badge> : <Badge tone="warning">unverified</Badge>}
          scopes={app.scopes}
          madeTerm="Connected"
          madeAt={app.grantedAt}
          lastUsedAt={app.lastUsedAt}
          action={<DisconnectAppButton grantId={app.grantId} name={app.clientName} disconnect={disconnect} />}
          layout={{ name: "md:w-72", details: "", action: "md:w-28" }}
        />
      ))}
    </ul>
  );
}
