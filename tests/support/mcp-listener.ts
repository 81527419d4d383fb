import { Client, StreamableHTTPClientTransport, type FetchLike } from "@modelcontextprotocol/client";

/** How long a test waits for an announcement before it fails, naming what did arrive. */
const ANNOUNCED_WITHIN_MS = 15_000;

export type Listener = {
  client: Client;
  /** Every URI announced by `notifications/resources/updated`, in arrival order. */
  updated: string[];
  /** Resolves once `uri` is announced at index `from` of `updated` or later. */
  announced(uri: string, from?: number): Promise<void>;
  /** The HTTP headers of each `subscriptions/listen` answer. */
  listenHeaders: Headers[];
};

/**
 * A 2026-07-28 client (the v2 SDK, pinned to that revision) that collects the resources announced as
 * updated on its `subscriptions/listen` streams. `fetch` replaces the network (in-process tests);
 * `headers` go with every request.
 */
export async function connectListener(url: string, token: string, options: { fetch?: FetchLike; headers?: Record<string, string> } = {}): Promise<Listener> {
  const send = options.fetch ?? fetch;
  const listenHeaders: Headers[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}`, ...options.headers } },
    fetch: async (target, init) => {
      const response = await send(target, init);
      if (new Headers(init?.headers).get("mcp-method") === "subscriptions/listen") listenHeaders.push(response.headers);
      return response;
    },
  });
  const client = new Client({ name: "briefs-tests-listener", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  const updated: string[] = [];
  const waiters = new Set<() => void>();
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    updated.push(notification.params.uri);
    for (const wake of [...waiters]) wake();
  });
  await client.connect(transport);

  const announced = (uri: string, from = 0) =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (updated.slice(from).includes(uri)) settle();
      };
      const timer = setTimeout(() => settle(new Error(`${uri} was not announced within ${ANNOUNCED_WITHIN_MS} ms; announced: ${JSON.stringify(updated)}`)), ANNOUNCED_WITHIN_MS);
      waiters.add(check);
      check();
    });
  return { client, updated, announced, listenHeaders };
}
