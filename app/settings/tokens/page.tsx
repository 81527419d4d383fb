import type { Metadata } from "next";
import { CreateTokenForm } from "@/components/tokens/create-token-form";
import { TokenList } from "@/components/tokens/token-list";
import { tokenStatus } from "@/components/tokens/token-status";
import { SettingsPage } from "@/components/settings-page";
import { requireWebActor } from "@/lib/auth/session-gate";
import { appOrigin } from "@/lib/config/app-origin";
import { listApiTokens } from "@/lib/tokens/list-api-tokens";

export const metadata: Metadata = { title: "API tokens" };
export const dynamic = "force-dynamic";

export default async function ApiTokensPage() {
  const actor = await requireWebActor("/settings/tokens");
  const tokens = await listApiTokens(actor);
  const now = new Date();
  const mcpUrl = `${appOrigin()}/api/mcp`;
  return (
    <SettingsPage
      actor={actor}
      title="API tokens"
      intro={
        <>
          Tokens let AI agents and scripts use your briefs over MCP at <code className="break-all">{mcpUrl}</code>. A
          token acts as you, limited to its scopes and to the projects you are a member of.
        </>
      }
    >
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <CreateTokenForm mcpUrl={mcpUrl} />
        <section aria-labelledby="tokens-heading" className="min-w-0 space-y-3">
          <h2 id="tokens-heading" className="text-lg font-medium">
            Your tokens
          </h2>
          <TokenList tokens={tokens.map((t) => ({ ...t, status: tokenStatus(t, now) }))} />
        </section>
      </div>
    </SettingsPage>
  );
}
