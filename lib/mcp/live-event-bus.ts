import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { startChangeFeed } from "@/lib/live/change-feed";
import { subscribeLive } from "@/lib/live/live-hub";
import { briefUri } from "./brief-resources";

type Listener = (event: ServerEvent) => void;

// What the SDK side publishes reaches every stream of the process, also across the module copies a
// dev server may load (the live hub is shared the same way).
const holder = globalThis as unknown as { __briefsMcpBusListeners?: Set<Listener> };
const local: Set<Listener> = (holder.__briefsMcpBusListeners ??= new Set());

function deliver(listener: Listener, event: ServerEvent): void {
  try {
    listener(event);
  } catch (error) {
    console.error("An MCP subscription listener failed:", error instanceof Error ? error.message : error);
  }
}

/**
 * The MCP door's change-event bus, what `subscriptions/listen` streams hear (the SDK's
 * `ServerEventBus`). Every committed change of a brief, written by any instance, reaches this
 * process through the live hub (lib/live, fed by the database's notifications) and becomes
 * `resources/updated` for `brief://{briefId}`; events published through the SDK (`handler.notify`)
 * go to this process's streams. It carries URIs only and applies no access rule: each stream hears
 * it through a view of what its caller may read (listen-scope.ts).
 */
export const liveEventBus: ServerEventBus = {
  publish(event) {
    for (const listener of [...local]) deliver(listener, event);
  },
  subscribe(listener) {
    // Idempotent: the feed starts once per process; whoever opens a stream has usually awaited it.
    void startChangeFeed().catch((error) => console.error("The live change feed did not start:", error instanceof Error ? error.message : error));
    local.add(listener);
    const unsubscribeLive = subscribeLive((event) => {
      if (event.kind === "brief") deliver(listener, { kind: "resource_updated", uri: briefUri(event.briefId) });
    });
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      local.delete(listener);
      unsubscribeLive();
    };
  },
};
