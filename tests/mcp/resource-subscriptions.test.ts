import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { callOk, connectV1, mcpServer, newKey } from "../support/mcp-clients";
import { connectListener, type Listener } from "../support/mcp-listener";

const { tokens, url } = mcpServer();
const briefUri = (briefId: string) => `brief://${briefId}`;

/**
 * Resource subscriptions on the suite's server (docs/mcp.md#resource-subscriptions): on the embedded
 * database its own notifications feed them, on PostgreSQL its listening connection. Writes come from
 * 2025-era clients, which keep working as before and are not offered subscriptions.
 */
describe(`resource subscriptions over MCP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let agent: ClientV1;
  let stranger: ClientV1;
  const listeners: Listener[] = [];

  beforeAll(async () => {
    [agent, stranger] = await Promise.all([connectV1(tokens.readWrite), connectV1(tokens.otherUser)]);
  });
  afterAll(async () => {
    await Promise.all([agent?.close(), stranger?.close(), ...listeners.map((listener) => listener.client.close())]);
  });

  async function listenerFor(token: string, headers?: Record<string, string>): Promise<Listener> {
    const listener = await connectListener(url, token, { headers });
    listeners.push(listener);
    return listener;
  }

  async function newBrief(client: ClientV1, title: string): Promise<string> {
    const { project } = await callOk(client, "project_create", { name: `Subscriptions ${title}`, idempotencyKey: newKey() });
    return (await callOk(client, "brief_create", { projectId: project.id, title, idempotencyKey: newKey() })).brief.id;
  }

  const edit = (client: ClientV1, briefId: string, goal: string) => callOk(client, "brief_update", { briefId, content: { goal }, idempotencyKey: newKey() });

  it("offers resources.subscribe to 2026-07-28 clients and not to 2025-era ones, which work as before", async () => {
    const listener = await listenerFor(tokens.readOnly);
    expect(listener.client.getServerCapabilities()?.resources).toMatchObject({ subscribe: true, listChanged: false });
    // A stateless 2025-era endpoint has no stream to deliver updates on: not offered.
    expect(agent.getServerCapabilities()?.resources?.subscribe).toBeUndefined();
    const briefId = await newBrief(agent, "Read by 2025");
    const read = await agent.readResource({ uri: briefUri(briefId) });
    expect((read.contents[0] as { text: string }).text).toContain("Read by 2025");
  });

  it("announces a write on a listen stream that is neither compressed nor buffered", async () => {
    const briefId = await newBrief(agent, "Watched");
    const listener = await listenerFor(tokens.readOnly, { "accept-encoding": "gzip, deflate, br" });
    const subscription = await listener.client.listen({ resourceSubscriptions: [briefUri(briefId)] });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [briefUri(briefId)] });
    const [headers] = listener.listenHeaders;
    expect(headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(headers.get("cache-control")).toContain("no-transform");
    expect(headers.get("x-accel-buffering")).toBe("no");
    expect(headers.get("content-encoding")).toBeNull();

    const from = listener.updated.length;
    await edit(agent, briefId, "Announced to listeners");
    await listener.announced(briefUri(briefId), from);
    const read = await listener.client.readResource({ uri: briefUri(briefId) });
    expect((read.contents[0] as { text: string }).text).toContain("Announced to listeners");
    await subscription.close();
    expect(await subscription.closed).toBe("local");
  });

  it("gives another tenant's listener nothing about the brief, naming it or not", async () => {
    const [agentsBrief, strangersBrief] = await Promise.all([newBrief(agent, "Not the stranger's"), newBrief(stranger, "The stranger's")]);
    const listener = await listenerFor(tokens.otherUser);

    const only = await listener.client.listen({ resourceSubscriptions: [briefUri(agentsBrief)] });
    expect(only.honoredFilter).toEqual({});
    expect(await only.closed).toBe("graceful");

    const both = await listener.client.listen({ resourceSubscriptions: [briefUri(agentsBrief), briefUri(strangersBrief)] });
    expect(both.honoredFilter).toEqual({ resourceSubscriptions: [briefUri(strangersBrief)] });
    // Announcements leave in commit order: once the later write is heard, the earlier one was not sent.
    await edit(agent, agentsBrief, "Private");
    await edit(stranger, strangersBrief, "Theirs");
    await listener.announced(briefUri(strangersBrief));
    expect(listener.updated).not.toContain(briefUri(agentsBrief));
  });
});
