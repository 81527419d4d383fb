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
  /** Background work (the workers' rounds) to wait for before the database closes. */
  settlers: Set<() => Promise<void>>;
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
  settlers: new Set(),
  servers: new Set(),
  draining: false,
  shuttingDown: false,
  listening: false,
});

/** Requests still running when this has passed are cut off: orchestrators kill soon after (Kubernetes: 30 s). */
const DRAIN_TIMEOUT_MS = 25_000;
const SIGNALS = ["SIGTERM", "SIGINT"] as const;
/** A worker's round is a few queries; one held by a slow outside call is not waited for past this. */
const SETTLE_TIMEOUT_MS = 5_000;

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

/**
 * `settle` is awaited after the requests in flight finish and before the database closes: a worker
 * stopped by `endOnShutdown` may be in the middle of a round, and a query that reaches the embedded
 * database while it closes leaves it to recover at the next start. Waited for at most
 * SETTLE_TIMEOUT_MS. Returns the function that withdraws it.
 */
export function settleOnShutdown(settle: () => Promise<void>): () => void {
  state.settlers.add(settle);
  return () => void state.settlers.delete(settle);
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
  await settleAll();
  for (const close of [...state.closers]) {
    await close().catch((error) => console.error("Closing at shutdown failed:", error));
  }
  process.exit(signal === "SIGINT" ? 130 : 143);
}

function settleAll(): Promise<void> {
  const settled = Promise.all(
    [...state.settlers].map((settle) => settle().catch((error) => console.error("Finishing background work at shutdown failed:", error))),
  );
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
    void settled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
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
