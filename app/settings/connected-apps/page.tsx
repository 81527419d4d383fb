import type { Metadata } from "next";
import { ConnectedAppList } from "@/components/connected-apps/connected-app-list";
import { SettingsPage } from "@/components/settings-page";
import { requireWebActor } from "@/lib/auth/session-gate";
import { mcpResource } from "@/lib/config/mcp-resource";
import { listConnectedApps } from "@/lib/oauth/connected-apps";
import { revokeConnectedAppAction } from "@/components/connected-apps/actions";

export const metadata: Metadata = { title: "Connected apps" };
export const dynamic = "force-dynamic";

export default async function ConnectedAppsPage() {
  const actor = await requireWebActor("/settings/connected-apps");
  const apps = await listConnectedApps(actor);
  return (
    <SettingsPage
      actor={actor}
      title="Connected apps"
      intro={
        <>
          Applications you allowed to use your briefs by signing in. Connect a new one by adding{" "}
          <code className="break-all">{mcpResource()}</code> as an MCP server in the application. Each acts as you,
          within the access you gave it; disconnect one to stop it at once.
        </>
      }
    >
      <ConnectedAppList apps={apps} disconnect={revokeConnectedAppAction} />
    </SettingsPage>
  );
}
