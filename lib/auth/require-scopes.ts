import { DomainError } from "@/lib/errors";
import type { Actor } from "./actor";
import { hasScopes, type Scope } from "./scopes";

/** Defence in depth: the MCP door already refuses missing scopes with HTTP 403 before a service runs. */
export function requireScopes(actor: Actor, needed: readonly Scope[]): void {
  if (!hasScopes(actor.scopes, needed)) {
    throw new DomainError("PROJECT_ACCESS_DENIED", `This call needs the scopes ${needed.join(", ")}.`);
  }
}
