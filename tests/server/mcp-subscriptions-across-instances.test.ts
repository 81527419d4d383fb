import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReadyApp, type AppInstance } from "../support/app-server";
import { mcpServer } from "../support/mcp-clients";
import { connectListener, type Listener } from "../support/mcp-listener";
import { newKey, toolOk } from "./mcp-calls";

const briefUri = (briefId: string) => `brief://${briefId}`;

/**
 * MCP resource subscriptions across instances on one PostgreSQL database
 * (docs/mcp.md#resource-subscriptions): the suite's own server takes the writes; B listens on the
 * database (DATABASE_DIRECT_URL), C has no direct connection and polls. A listen stream on either
 * hears a write made on another instance, and SIGTERM closes streams at once, gracefully.
 */
describe.runIf(process.env.BRIEFS_TEST_DB === "postgres")("MCP resource subscriptions across instances on PostgreSQL", () => {
  const { origin: writer, tokens } = mcpServer();
  const instances: AppInstance[] = [];
  const listeners: Listener[] = [];
  let b: AppInstance;
  let c: AppInstance;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL!;
    const started = await Promise.allSettled([startReadyApp({ DATABASE_URL: url, DATABASE_DIRECT_URL: url }), startReadyApp({ DATABASE_URL: url, DATABASE_DIRECT_URL: "none" })]);
    for (const s of started) if (s.status === "fulfilled") instances.push(s.value);
    for (const s of started) if (s.status === "rejected") throw s.reason;
    [b, c] = instances;
  });

  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.client.close().catch(() => {})));
    await Promise.all(instances.map((i) => i.server.stop()));
  });

  async function listenerOn(instance: AppInstance): Promise<Listener> {
    const listener = await connectListener(`${instance.origin}/api/mcp`, tokens.readWrite);
    listeners.push(listener);
    return listener;
  }

  async function newBrief(title: string): Promise<string> {
    const { project } = await toolOk(writer, tokens.readWrite, "project_create", { name: title, idempotencyKey: newKey() });
    return (await toolOk(writer, tokens.readWrite, "brief_create", { projectId: project.id, title, idempotencyKey: newKey() })).brief.id;
  }

  /**
   * What a client does: on each announcement, read the brief again, until it shows `goal`. A poll
   * may also announce the brief's creation, which was recent; only the write itself satisfies this.
   */
  async function hearsWrite(listener: Listener, briefId: string, goal: string, from: number): Promise<void> {
    for (;;) {
      await listener.announced(briefUri(briefId), from);
      from = listener.updated.length;
      const read = await listener.client.readResource({ uri: briefUri(briefId) });
      if ((read.contents[0] as { text: string }).text.includes(goal)) return;
    }
  }

  it("announces a write on one instance on listen streams of the others, listening or polling", async () => {
    const briefId = await newBrief("Watched across instances");
    const [onB, onC] = await Promise.all([listenerOn(b), listenerOn(c)]);
    for (const listener of [onB, onC]) {
      const subscription = await listener.client.listen({ resourceSubscriptions: [briefUri(briefId)] });
      expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [briefUri(briefId)] });
    }
    const from = [onB.updated.length, onC.updated.length];
    await toolOk(writer, tokens.readWrite, "brief_update", { briefId, content: { goal: "Written elsewhere" }, idempotencyKey: newKey() });
    await Promise.all([hearsWrite(onB, briefId, "Written elsewhere", from[0]), hearsWrite(onC, briefId, "Written elsewhere", from[1])]);
  });

  it("closes its listen streams gracefully on SIGTERM, without waiting for the drain", async () => {
    const briefId = await newBrief("Draining");
    const onC = await listenerOn(c);
    const subscription = await onC.client.listen({ resourceSubscriptions: [briefUri(briefId)] });
    const started = Date.now();
    const stopped = c.server.stop();
    // The server's empty listen result, not a dropped connection: the client knows to listen again.
    expect(await subscription.closed).toBe("graceful");
    await stopped;
    // The drain would hold an open stream for 25 s; it ended first, so the process did not wait.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
