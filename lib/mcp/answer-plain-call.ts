import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import { hasScopes } from "@/lib/auth/scopes";
import { toolScopes, type ToolDefinition } from "./define-tool";
import { toolCatalog } from "./tool-catalog";
import { callToolResultJson, runTool } from "./tool-result";

/** A single 2025-era request answered here: a `ping` (no tool), or a `tools/call` of a catalog tool. */
type PlainCall = { id: string | number; tool?: ToolDefinition; args?: Record<string, unknown> };

const catalogByName = new Map(toolCatalog.map((tool) => [tool.name, tool]));

/**
 * The hot path of the door, answered without building an MCP server: a 2025-era POST of one
 * `tools/call` (or `ping`) whose shape leaves the SDK nothing to decide. Building the server and
 * its transport, validating the message once more and passing the answer through its stream
 * machinery cost about as much CPU as the rest of a `ping` (docs/benchmarks.md). The answer is the
 * one the SDK gives: the same `runTool` result in the same JSON-RPC envelope with the same status
 * and Content-Type; answer-plain-call.test.ts compares the two.
 *
 * Anything else returns undefined and goes to the SDK as before: batches, notifications,
 * `initialize` and every other method, `_meta` or any field the SDK might act on, an app tool, a
 * tool the token's scopes do not register, and an `Accept` or `MCP-Protocol-Version` it refuses.
 */
export function answerPlainCall(request: Request, body: unknown, actor: Actor): Promise<Response> | undefined {
  return plainCall(request, body, actor)?.();
}

/** As answerPlainCall, but the answer is only begun when the function returned is called. */
export function plainCall(request: Request, body: unknown, actor: Actor): (() => Promise<Response>) | undefined {
  const call = plainCallOf(body, actor);
  if (!call || !sdkWouldServe(request)) return undefined;
  return () => answer(call, actor);
}

async function answer({ id, tool, args }: PlainCall, actor: Actor): Promise<Response> {
  // runTool throws only when the request's credential was not confirmed (answer-known-token-call.ts);
  // every other failure is already a contract result (isError).
  const result = tool ? callToolResultJson(await runTool(tool, actor, args)) : "{}";
  return new Response(`{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`, {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });
}

function plainCallOf(body: unknown, actor: Actor): PlainCall | undefined {
  if (!isPlainObject(body) || !hasOnly(body, ["jsonrpc", "id", "method", "params"]) || body.jsonrpc !== "2.0") return undefined;
  const { id, method, params } = body;
  // JSON-RPC ids as the SDK accepts them: a string or an integer.
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return undefined;
  if (method === "ping") return params === undefined || (isPlainObject(params) && Object.keys(params).length === 0) ? { id: id as string | number } : undefined;
  if (method !== "tools/call" || !isPlainObject(params) || !hasOnly(params, ["name", "arguments"])) return undefined;
  const tool = typeof params.name === "string" ? catalogByName.get(params.name) : undefined;
  // The per-request server registers only the tools the token's scopes allow; the SDK answers the rest.
  if (!tool || !hasScopes(actor.scopes, toolScopes(tool))) return undefined;
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) return undefined;
  return { id: id as string | number, tool, args: params.arguments ?? {} };
}

/** What the SDK's transport checks before it hands a 2025-era message to the server (406 and 400 otherwise). */
function sdkWouldServe(request: Request): boolean {
  const accept = request.headers.get("accept");
  const version = request.headers.get("mcp-protocol-version");
  return (
    !!accept?.includes("application/json") &&
    accept.includes("text/event-stream") &&
    (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version))
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasOnly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(value).every((key) => keys.includes(key));
}
