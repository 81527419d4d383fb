import type { APIRequestContext, APIResponse } from "@playwright/test";
import crypto from "node:crypto";

/** What an MCP client of protocol 2025-11-25 sends to the stateless endpoint. */
function mcpHeaders(token: string): Record<string, string> {
  return {
    Authorization: `Bearer ${token}`,
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": "2025-11-25",
  };
}

export function postMcp(request: APIRequestContext, token: string, method: string, params: object = {}): Promise<APIResponse> {
  return request.post("/api/mcp", { headers: mcpHeaders(token), data: { jsonrpc: "2.0", id: 1, method, params } });
}

/** The JSON-RPC message of a response, whether the server answered with JSON or with one SSE event. */
export async function readMcpMessage(response: APIResponse): Promise<{ result?: Record<string, unknown>; error?: unknown }> {
  const text = await response.text();
  if (!(response.headers()["content-type"] ?? "").includes("text/event-stream")) return JSON.parse(text);
  const data = text
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trim())
    .find((line) => line.startsWith("{"));
  if (!data) throw new Error(`No JSON-RPC message in the event stream: ${text.slice(0, 200)}`);
  return JSON.parse(data);
}

/** Calls a tool as an agent would; returns its structuredContent, or throws with the tool's error. */
export async function callMcpTool(
  request: APIRequestContext,
  token: string,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await postMcp(request, token, "tools/call", { name, arguments: args });
  if (!response.ok()) throw new Error(`${name}: HTTP ${response.status()} ${await response.text()}`);
  const message = await readMcpMessage(response);
  const result = message.result as { isError?: boolean; structuredContent?: Record<string, unknown> } | undefined;
  if (!result || result.isError || !result.structuredContent) throw new Error(`${name} failed: ${JSON.stringify(message)}`);
  return result.structuredContent;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
