"use client";

import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { ShownOnce } from "../ui/shown-once";
import { mcpClientConfig } from "./mcp-client-config";

/** The one time a token's secret is shown: copy it or its ready-made client config now. */
export function NewTokenReveal({
  name,
  token,
  mcpUrl,
  onDone,
}: {
  name: string;
  token: string;
  mcpUrl: string;
  onDone: () => void;
}) {
  const config = mcpClientConfig(mcpUrl, token);
  return (
    <section
      aria-labelledby="new-token-heading"
      className="space-y-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4"
    >
      <div>
        <h2 id="new-token-heading" className="font-medium text-emerald-900">
          Token “{name}” created
        </h2>
        <p className="text-sm text-emerald-900">
          Copy it now. It is shown only this once; Briefs keeps only a hash and cannot show it again.
        </p>
      </div>
      <ShownOnce id="new-token-secret" label="Your new token" value={token} what="token" />
      <div className="space-y-1">
        <h3 id="mcp-config-heading" className="text-sm font-medium text-slate-800">
          MCP client configuration
        </h3>
        <p className="text-sm text-slate-700">
          Paste this into your MCP client’s server settings (Streamable HTTP at <code className="break-all">{mcpUrl}</code>).
        </p>
        <pre
          aria-labelledby="mcp-config-heading"
          tabIndex={0}
          className="max-w-full overflow-x-auto rounded-md border border-slate-200 bg-white p-3 font-mono text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <code data-testid="mcp-config">{config}</code>
        </pre>
        <CopyButton text={config} label="Copy configuration" />
      </div>
      <Button type="button" variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </section>
  );
}
