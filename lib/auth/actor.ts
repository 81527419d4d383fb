import { ACTOR_LABEL_MAX } from "@/lib/contract/bounds";
import type { Scope } from "./scopes";

/**
 * Who is acting, through which door, with which scopes. Produced only by the session gate
 * (web), the token gate (MCP), the operator's command line and a connected repository's webhooks
 * (github: lib/github/github-actor.ts); every service function takes one.
 */
export type Actor = {
  userId: string;
  email: string;
  /** Written into attribution fields: the person's name or email, or "<email> via <token name>". */
  label: string;
  door: "web" | "mcp" | "cli" | "github";
  scopes: readonly Scope[];
};

export function actorLabel(parts: { name?: string | null; email: string; tokenName?: string }): string {
  const base = parts.tokenName ? `${parts.email} via ${parts.tokenName}` : parts.name?.trim() || parts.email;
  // Cut by code points: half of a surrogate pair would make every write by this actor invalid Unicode.
  return Array.from(base).slice(0, ACTOR_LABEL_MAX).join("");
}
