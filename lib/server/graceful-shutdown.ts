import dc from "node:diagnostics_channel";
import type { Server } from "node:http";

/**
 * One owner of SIGTERM and SIGINT per process. Resources that must be closed before the process
 * ends (the database) register a closer; on a signal they are closed and the process exits with
 * the signal's code. A server process also drains first: it stops accepting connections, lets
 * the requests in flight finish, and only then closes the database.
 *
 * The HTTP servers are found through Node's `http.server.*` diagnostics channels, so this works
 * with the server `next start` creates, which the app cannot reach otherwise.
 */
type Closer = () => Promise<void>;

type State = {
  closers: Set<Closer>;
  /** Long-lived answers (event streams) that would otherwise hold the drain until its timeout. */
  streamEnders: Set<() => void>;
  servers: Set<Server>;
  draining: boolean;
  shuttingDown: boolean;
  listening: boolean;
};

// Shared by the module copies a dev server may load.
const holder = globalThis as unknown as { __briefsShutdown?: State };
const state: State = (holder.__briefsShutdown ??= {
  closers: new Set(),
  streamEnders: new Set(),
  servers: new Set(),
  draining: false,
  shuttingDown: false,
  listening: false,
});

/** Requests still running when this has passed are cut off: orchestrators kill soon after (Kubernetes: 30 s). */
const DRAIN_TIMEOUT_MS = 25_000;
const SIGNALS = ["SIGTERM", "SIGINT"] as const;

export function isShuttingDown(): boolean {
  return state.shuttingDown;
}

/** Closes `close` on SIGTERM/SIGINT; the returned function withdraws it (after closing it yourself). */
export function closeOnShutdown(close: Closer): () => void {
  state.closers.add(close);
  listen();
  return () => {
    state.closers.delete(close);
    // A process with nothing left to close (the `npm start` wrapper) handles signals its own way.
    if (state.closers.size === 0 && !state.draining) unlisten();
  };
}

/**
 * `end` runs when a shutdown begins, before the drain waits for requests in flight: an event stream
 * ends there, and its client reconnects (to another instance, behind a load balancer). Returns the
 * function that withdraws it.
 */
export function endOnShutdown(end: () => void): () => void {
  state.streamEnders.add(end);
  return () => void state.streamEnders.delete(end);
}

/** In the server process: on a signal, finish the requests in flight before closing anything. */
export function drainHttpServersOnShutdown(): void {
  if (state.draining) return;
  state.draining = true;
  dc.subscribe("http.server.request.start", (message) => {
    state.servers.add((message as { server: Server }).server);
  });
  // A keep-alive connection would otherwise hold the server open until its idle timeout.
  dc.subscribe("http.server.response.finish", (message) => {
    if (state.shuttingDown) {
      const { server } = message as { server: Server };
      setImmediate(() => server.closeIdleConnections());
    }
  });
  listen();
}

function listen(): void {
  if (state.listening) return;
  state.listening = true;
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function unlisten(): void {
  state.listening = false;
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function onSignal(signal: NodeJS.Signals): void {
  if (state.shuttingDown) return;
  state.shuttingDown = true;
  void shutdown(signal);
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  for (const end of [...state.streamEnders]) {
    try {
      end();
    } catch (error) {
      console.error("Ending a stream at shutdown failed:", error);
    }
  }
  if (state.draining) {
    console.log(`${signal}: no new connections; finishing the requests in flight, then closing the database.`);
    await Promise.all([...state.servers].map(drain));
  }
  for (const close of [...state.closers]) {
    await close().catch((error) => console.error("Closing at shutdown failed:", error));
  }
  process.exit(signal === "SIGINT" ? 130 : 143);
}

function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
