import type { Actor } from "@/lib/auth/actor";
import { hasScopes, readScopes } from "@/lib/auth/scopes";
import { callScopes } from "./define-tool";
import { insufficientScopeResponse } from "./http-answers";
import { findTool } from "./tool-catalog";

/** Requests that read briefs other than through a tool: resources, prompts and their completion. */
const briefReads = new Set(["resources/read", "prompts/get", "completion/complete"]);

/**
 * A tools/call of a known tool whose scopes the token lacks, or a read of a brief resource or prompt
 * without brief:read, gets HTTP 403 insufficient_scope (docs/contract.md#http-answers). The
 * per-request server does not even register what the scopes do not allow, so the SDK alone would
 * answer "not found".
 */
export function scopeChallenge(body: unknown, actor: Actor): Response | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (typeof call?.method === "string" && briefReads.has(call.method) && !hasScopes(actor.scopes, readScopes)) {
      return insufficientScopeResponse(call.method, readScopes);
    }
    if (call?.method !== "tools/call" || typeof call.params?.name !== "string") continue;
    const tool = findTool(call.params.name);
    if (!tool) continue;
    const needed = callScopes(tool, (call.params as { arguments?: unknown }).arguments);
    if (!hasScopes(actor.scopes, needed)) return insufficientScopeResponse(`The tool ${tool.name}`, needed);
  }
  return undefined;
}
