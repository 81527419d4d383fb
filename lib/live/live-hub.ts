import type { LiveEvent } from "./live-event";

type Listener = (event: LiveEvent) => void;

type Hub = {
  listeners: Set<Listener>;
  /** How many open streams watch each project, and since when: what the polling fallback reads. */
  watched: Map<string, { count: number; since: number }>;
};

// One hub per process, also across the module copies a dev server may load.
const holder = globalThis as unknown as { __briefsLiveHub?: Hub };
const hub: Hub = (holder.__briefsLiveHub ??= { listeners: new Set(), watched: new Map() });

/**
 * The process's fan-out: the change feed (lib/live/change-feed.ts) publishes what the database
 * announced, and every open stream of this process (browser streams, MCP subscriptions) hears it.
 */
export function publishLive(event: LiveEvent): void {
  for (const listener of hub.listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error("A live listener failed:", error instanceof Error ? error.message : error);
    }
  }
}

export function subscribeLive(listener: Listener): () => void {
  hub.listeners.add(listener);
  return () => void hub.listeners.delete(listener);
}

/** Marks projects as watched by one more stream; the returned function unmarks them. */
export function watchProjects(projectIds: Iterable<string>): () => void {
  const ids = [...new Set(projectIds)];
  for (const id of ids) {
    const entry = hub.watched.get(id);
    if (entry) entry.count++;
    else hub.watched.set(id, { count: 1, since: Date.now() });
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const id of ids) {
      const entry = hub.watched.get(id);
      if (entry && --entry.count <= 0) hub.watched.delete(id);
    }
  };
}

/** The watched projects, each with the time (ms) a stream began to watch it. */
export function watchedProjects(): Map<string, number> {
  return new Map([...hub.watched].map(([id, { since }]) => [id, since]));
}
