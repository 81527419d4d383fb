import crypto from "node:crypto";
import { jsonRpcOf, type Loose } from "../support/mcp-clients";

/** One raw JSON-RPC call to an app's /api/mcp, for tests that run servers of their own. */
export async function postMcpTo(origin: string, token: string, method: string, params?: Loose): Promise<Response> {
  return fetch(`${origin}/api/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params && { params }) }),
  });
}

/** A tool call that must succeed; returns its structured result. */
export async function toolOk(origin: string, token: string, name: string, args: Loose): Promise<Loose> {
  const response = await postMcpTo(origin, token, "tools/call", { name, arguments: args });
  const message = await jsonRpcOf(response);
  const result = message.result as Loose | undefined;
  if (response.status !== 200 || !result || result.isError) throw new Error(`${name} failed (${response.status}): ${JSON.stringify(message)}`);
  return result.structuredContent as Loose;
}

export function newKey(): string {
  return crypto.randomUUID();
}
