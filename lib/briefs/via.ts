import type { Actor } from "@/lib/auth/actor";

/** Version provenance (docs/contract.md#versions): the tool name for agents, `web` for people, `cli` for operators. */
export function via(actor: Actor, tool: string): string {
  return actor.door === "mcp" ? tool : actor.door;
}
