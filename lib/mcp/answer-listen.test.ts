import type { Client } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { Scope } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { publishLive, watchedProjects } from "@/lib/live/live-hub";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { newBrief, update } from "@/tests/support/briefs";
import { addMember, newProject, newUser } from "@/tests/support/fixtures";
import { connectListener } from "@/tests/support/mcp-listener";
import { briefUri } from "./brief-resources";
import { handleMcpRequest } from "./handle-mcp-request";
import { liveEventBus } from "./live-event-bus";

/**
 * subscriptions/listen through the endpoint itself, in process, on the embedded database: its
 * triggers' notifications reach the live hub here as they do in a server (docs/mcp.md#resource-subscriptions).
 */
const MCP_URL = "http://localhost/api/mcp";
const clients: Client[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
});

async function tokenOf(actor: Actor, scopes: Scope[] = ["brief:read", "brief:write"]): Promise<string> {
  return (await createApiToken(actor, { name: "listener", scopes })).token;
}

/** A 2026-07-28 client whose requests go straight to handleMcpRequest. */
async function connect(actor: Actor, scopes?: Scope[]) {
  const listener = await connectListener(MCP_URL, await tokenOf(actor, scopes), { fetch: (url, init) => handleMcpRequest(new Request(url, init)) });
  clients.push(listener.client);
  return listener;
}

const edit = (actor: Actor, briefId: string, goal: string) => update(actor, { briefId, content: { goal } });

describe("resource subscriptions (subscriptions/listen)", () => {
  it("announces a change of a brief the caller may read, and offers subscriptions to 2026-07-28 clients", async () => {
    const pm = await newUser("Listener");
    const brief = await newBrief(pm, await newProject(pm));
    const { client, updated, announced } = await connect(pm);
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);

    const subscription = await client.listen({ resourceSubscriptions: [briefUri(brief.id)] });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [briefUri(brief.id)] });
    await edit(pm, brief.id, "Heard at once");
    await announced(briefUri(brief.id));
    expect(updated.every((uri) => uri === briefUri(brief.id))).toBe(true);
    await subscription.close();
    expect(await subscription.closed).toBe("local");
  });

  it("subscribes only briefs the caller may read, and says so in the acknowledgement", async () => {
    const [owner, outsider] = await Promise.all([newUser("Owner"), newUser("Outsider")]);
    const [secret, own] = await Promise.all([
      newProject(owner).then((projectId) => newBrief(owner, projectId)),
      newProject(outsider).then((projectId) => newBrief(outsider, projectId)),
    ]);
    const { client, updated, announced } = await connect(outsider);

    const named = [briefUri(secret.id), briefUri(own.id), `${briefUri(own.id)}/versions/1`, briefUri("no-such-brief"), "ui://briefs/brief-view.html"];
    const subscription = await client.listen({ resourceSubscriptions: named });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [briefUri(own.id)] });
    // One process announces changes in commit order: once the later change is heard, the earlier one was not sent.
    await edit(owner, secret.id, "Not for outsiders");
    await edit(outsider, own.id, "Theirs");
    await announced(briefUri(own.id));
    expect(updated).not.toContain(briefUri(secret.id));

    // Naming nothing it may read: acknowledged with nothing, and ended at once.
    const nothing = await client.listen({ resourceSubscriptions: [briefUri(secret.id)] });
    expect(nothing.honoredFilter).toEqual({});
    expect(await nothing.closed).toBe("graceful");
  });

  it("ends the stream when the caller can no longer read what it watches", async () => {
    const [owner, viewer] = await Promise.all([newUser("Owner"), newUser("Viewer")]);
    const projectId = await newProject(owner);
    const brief = await newBrief(owner, projectId);
    await addMember(projectId, viewer, "viewer");
    const { client, updated } = await connect(viewer);
    const subscription = await client.listen({ resourceSubscriptions: [briefUri(brief.id)] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([briefUri(brief.id)]);

    const prisma = await getPrisma();
    await prisma.membership.delete({ where: { projectId_userId: { projectId, userId: viewer.userId } } });
    expect(await subscription.closed).toBe("graceful");
    expect(updated).toEqual([]);
  });

  it("ends the stream when its token is revoked, and refuses the next listen with it", async () => {
    const pm = await newUser("Revoked");
    const brief = await newBrief(pm, await newProject(pm));
    const created = await createApiToken(pm, { name: "listener", scopes: ["brief:read"] });
    const { client } = await connectListener(MCP_URL, created.token, { fetch: (url, init) => handleMcpRequest(new Request(url, init)) });
    clients.push(client);
    const subscription = await client.listen({ resourceSubscriptions: [briefUri(brief.id)] });
    // Another token of the same person is revoked first: this stream checks its own and stays.
    const other = await createApiToken(pm, { name: "other", scopes: ["brief:read"] });
    await revokeApiToken(pm, other.apiToken.id);
    await revokeApiToken(pm, created.apiToken.id);
    expect(await subscription.closed).toBe("graceful");
    const again = await handleMcpRequest(
      new Request(MCP_URL, { method: "POST", headers: { Authorization: `Bearer ${created.token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, body: "{}" }),
    );
    expect(again.status).toBe(401);
  });

  it("stops announcing a brief the caller can no longer read, and keeps the rest", async () => {
    const [owner, viewer] = await Promise.all([newUser("Owner"), newUser("Viewer")]);
    const sharedProject = await newProject(owner);
    const [shared, own] = await Promise.all([newBrief(owner, sharedProject), newProject(viewer).then((projectId) => newBrief(viewer, projectId))]);
    await addMember(sharedProject, viewer, "viewer");
    const { client, updated, announced } = await connect(viewer);
    await client.listen({ resourceSubscriptions: [briefUri(shared.id), briefUri(own.id)] });
    expect(watchedProjects().has(sharedProject)).toBe(true);

    const prisma = await getPrisma();
    await prisma.membership.delete({ where: { projectId_userId: { projectId: sharedProject, userId: viewer.userId } } });
    // The stream asks again what the viewer may read; it then stops watching the project it left.
    await vi.waitFor(() => expect(watchedProjects().has(sharedProject)).toBe(false), { timeout: 10_000 });
    await edit(owner, shared.id, "After they left");
    await edit(viewer, own.id, "Still theirs");
    await announced(briefUri(own.id));
    expect(updated).not.toContain(briefUri(shared.id));
  });

  it("refuses a token without brief:read that names resources, as resources/read is refused", async () => {
    const writer = await newUser("Writer");
    const brief = await newBrief(writer, await newProject(writer));
    const { client } = await connect(writer, ["brief:write"]);
    await expect(client.listen({ resourceSubscriptions: [briefUri(brief.id)] })).rejects.toMatchObject({ requiredScope: "brief:read" });
  });

  it("announces every watched brief when changes may have been missed", async () => {
    const pm = await newUser("Resync");
    const projectId = await newProject(pm);
    const [first, second] = await Promise.all([newBrief(pm, projectId), newBrief(pm, projectId)]);
    const { client, updated, announced } = await connect(pm);
    await client.listen({ resourceSubscriptions: [briefUri(first.id), briefUri(second.id)] });
    const from = updated.length;
    publishLive({ kind: "sync" });
    await Promise.all([announced(briefUri(first.id), from), announced(briefUri(second.id), from)]);
  });

  it("passes on what the SDK side publishes, only within the caller's reach", async () => {
    const [pm, other] = await Promise.all([newUser("Published"), newUser("Other")]);
    const [mine, theirs] = await Promise.all([
      newProject(pm).then((projectId) => newBrief(pm, projectId)),
      newProject(other).then((projectId) => newBrief(other, projectId)),
    ]);
    const { client, updated, announced } = await connect(pm);
    await client.listen({ resourceSubscriptions: [briefUri(mine.id), briefUri(theirs.id)] });
    liveEventBus.publish({ kind: "resource_updated", uri: briefUri(theirs.id) });
    liveEventBus.publish({ kind: "resource_updated", uri: briefUri(mine.id) });
    await announced(briefUri(mine.id));
    expect(updated).not.toContain(briefUri(theirs.id));
  });
});
