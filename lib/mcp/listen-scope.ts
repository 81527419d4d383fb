import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import { bearerTokenHolds } from "@/lib/auth/authenticate-bearer-token";
import { readableBriefProjects } from "@/lib/live/readable-brief-projects";
import { watchCredential } from "@/lib/live/credential-watch";
import { subscribeLive, watchProjects } from "@/lib/live/live-hub";
import { endOnShutdown } from "@/lib/server/graceful-shutdown";
import { countLiveStream } from "@/lib/observe/metrics";
import { briefUri } from "./brief-resources";

type Watched = { briefId: string; projectId: string };

// Open subscription streams of this process, for the endpoint's limit (answer-listen.ts).
const holder = globalThis as unknown as { __briefsMcpListens?: { open: number } };
const streams = (holder.__briefsMcpListens ??= { open: 0 });

export function openListenStreams(): number {
  return streams.open;
}

/**
 * One `subscriptions/listen` stream's view of the bus (docs/mcp.md#resource-subscriptions): it lets
 * through `resources/updated` only for the briefs its caller could read when it opened (`briefs`:
 * id → project) and can still read. The SDK filters by URI alone and shares one bus among all
 * callers, so this is where one tenant's stream is kept from hearing about another's briefs.
 *
 * - The person's memberships changed (an `access` event): the briefs are asked again, and those
 *   they can no longer read are dropped; with none left the stream ends.
 * - Changes may have been missed (`sync`: the database listener reconnected): every brief watched
 *   is announced as updated, so the client reads it again.
 * - The token it was opened with is revoked or expires: the stream ends (lib/live/credential-watch.ts),
 *   and the client's next listen is refused until it has a token that holds.
 * - The process shuts down: `end` closes the stream gracefully, so the client re-listens elsewhere
 *   instead of holding the drain for its whole timeout.
 */
export function readableView(bus: ServerEventBus, actor: Actor, token: string, briefs: ReadonlyMap<string, string>, end: () => void): ServerEventBus {
  const watched = new Map<string, Watched>([...briefs].map(([briefId, projectId]) => [briefUri(briefId), { briefId, projectId }]));
  const projects = () => [...watched.values()].map((brief) => brief.projectId);

  return {
    publish: (event) => bus.publish(event),
    subscribe(listener) {
      const admitted = (event: ServerEvent) => event.kind !== "resource_updated" || watched.has(event.uri);
      const unsubscribeBus = bus.subscribe((event) => {
        if (admitted(event)) listener(event);
      });
      // The polling fallback (DATABASE_DIRECT_URL=none) reads only the projects open streams watch.
      let unwatch = watchProjects(projects());
      let subscribed = true;
      // One re-check at a time, in order: a slow earlier answer never overrides a later one.
      let checking = Promise.resolve();
      const recheck = async () => {
        try {
          const still = await readableBriefProjects(actor, [...watched.values()].map((brief) => brief.briefId));
          if (!subscribed) return;
          for (const [uri, brief] of watched) if (!still.has(brief.briefId)) watched.delete(uri);
          unwatch();
          unwatch = watchProjects(projects());
          if (!watched.size) end();
        } catch (error) {
          // Unsure what the caller may read: end the stream rather than guess; the client re-listens.
          console.warn("[mcp] ending a subscription whose access could not be checked:", error instanceof Error ? error.message : error);
          end();
        }
      };
      const unsubscribeLive = subscribeLive((event) => {
        if (event.kind === "sync") for (const uri of watched.keys()) listener({ kind: "resource_updated", uri });
        if (event.kind === "access" && event.userId === actor.userId) checking = checking.then(recheck);
      });
      const withdraw = endOnShutdown(end);
      const unwatchToken = watchCredential(actor.userId, () => bearerTokenHolds(token), end);
      streams.open++;
      countLiveStream("mcp", 1);
      return () => {
        if (!subscribed) return;
        subscribed = false;
        streams.open--;
        countLiveStream("mcp", -1);
        withdraw();
        unwatchToken();
        unsubscribeLive();
        unsubscribeBus();
        unwatch();
      };
    },
  };
}
