import type { Metadata } from "next";
import { AppHeader } from "@/components/app-header";
import { CreateTokenForm } from "@/components/tokens/create-token-form";
import { TokenList } from "@/components/tokens/token-list";
import { tokenStatus } from "@/components/tokens/token-status";
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
    <>
      <AppHeader actor={actor} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <div className="space-y-1">
          <p className="text-sm text-slate-600">Settings</p>
          <h1 className="text-2xl font-semibold">API tokens</h1>
          <p className="max-w-3xl text-slate-600">
            Tokens let AI agents and scripts use your briefs over MCP at <code className="break-all">{mcpUrl}</code>. A
            token acts as you, limited to its scopes and to the projects you are a member of.
          </p>
        </div>
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <CreateTokenForm mcpUrl={mcpUrl} />
          <section aria-labelledby="tokens-heading" className="min-w-0 space-y-3">
            <h2 id="tokens-heading" className="text-lg font-medium">
              Your tokens
            </h2>
            <TokenList tokens={tokens.map((t) => ({ ...t, status: tokenStatus(t, now) }))} />
          </section>
        </div>
      </main>
    </>
  );
}
