import type { Actor } from "@/lib/auth/actor";
import { hasScopes } from "@/lib/auth/scopes";
import { toolScopes } from "./define-tool";
import { insufficientScopeResponse } from "./http-answers";
import { findTool } from "./tool-catalog";

/**
 * A tools/call of a known tool whose scopes the token lacks gets HTTP 403 insufficient_scope (docs/contract.md#http-answers).
 * The per-request server does not even register such a tool, so the SDK alone would answer "not found".
 */
export function scopeChallenge(body: unknown, actor: Actor): Response | undefined {
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (call?.method !== "tools/call" || typeof call.params?.name !== "string") continue;
    const tool = findTool(call.params.name);
    if (tool && !hasScopes(actor.scopes, toolScopes(tool))) return insufficientScopeResponse(tool.name, toolScopes(tool));
  }
  return undefined;
}
