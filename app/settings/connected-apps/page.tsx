import type { Metadata } from "next";
import { AppHeader } from "@/components/app-header";
import { ConnectedAppList } from "@/components/connected-apps/connected-app-list";
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
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <div className="space-y-1">
          <p className="text-sm text-slate-600">Settings</p>
          <h1 className="text-2xl font-semibold">Connected apps</h1>
          <p className="max-w-3xl text-slate-600">
            Applications you allowed to use your briefs by signing in. Connect a new one by adding{" "}
            <code className="break-all">{mcpResource()}</code> as an MCP server in the application. Each acts as you,
            within the access you gave it; disconnect one to stop it at once.
          </p>
        </div>
        <ConnectedAppList apps={apps} disconnect={revokeConnectedAppAction} />
      </main>
    </>
  );
}
