import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ticketKey } from "@/lib/github/ticket-references";
import { callOk, connectV1, mcpServer, newKey, type Loose } from "../support/mcp-clients";
import { pullRequestPayload, signedDelivery, type PullRequestChange } from "../support/github-payloads";

const { tokens, origin, github } = mcpServer();
const [secret, oldSecret] = github.secrets;
const webhookUrl = `${origin}/api/github/webhook`;

type Action = Parameters<typeof pullRequestPayload>[0];

function post(body: BodyInit, headers: Record<string, string>, init: RequestInit = {}) {
  return fetch(webhookUrl, { method: "POST", body, headers, ...init });
}

async function deliver(action: Action, change: Omit<PullRequestChange, "repository">, options: { id?: string; secret?: string; repository?: string } = {}) {
  const body = JSON.stringify(pullRequestPayload(action, { ...change, repository: options.repository ?? github.repository }));
  const response = await post(body, await signedDelivery(options.secret ?? secret, body, options.id ?? crypto.randomUUID()));
  return { status: response.status, json: (await response.json()) as Loose };
}

describe(`GitHub's webhook over HTTP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let agent: Client;
  let briefId: string;
  const content = {
    goal: "Export invoices",
    requirements: ["FR-1: Export as CSV", "FR-2: Export as PDF"],
    acceptanceCriteria: [
      { id: "AC-1", text: "A CSV file downloads" },
      { id: "AC-2", text: "The PDF has the logo" },
    ],
    generatedTickets: [
      { id: "T-1", title: "CSV export", description: null, boundCriteria: ["AC-1"], boundRequirements: ["FR-1"] },
      { id: "T-2", title: "PDF export", description: null, boundCriteria: ["AC-2"], boundRequirements: ["FR-2"] },
    ],
    testingQaChecklist: [{ text: "CSV opens", checked: false }],
  };
  const ticket = async (id: string) => ((await callOk(agent, "brief_trace", { briefId })).tickets as Loose[]).find((t) => t.id === id)!;

  beforeAll(async () => {
    agent = await connectV1(tokens.readWrite);
    briefId = (await callOk(agent, "brief_create", { projectId: github.projectId, title: "Invoices", content, idempotencyKey: newKey() })).brief.id;
  });
  afterAll(async () => {
    await agent?.close();
  });

  it("refuses a delivery with a wrong or missing signature (401) and stores nothing: the same id is taken later", async () => {
    const body = JSON.stringify(pullRequestPayload("opened", { repository: github.repository, number: 101, body: `Refs ${ticketKey(briefId, "T-1")}` }));
    const id = crypto.randomUUID();
    const wrong = await post(body, await signedDelivery("not-the-secret", body, id));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: "bad_signature" });
    const unsigned: Record<string, string> = await signedDelivery(secret, body, id);
    delete unsigned["x-hub-signature-256"];
    expect((await post(body, unsigned)).status).toBe(401);
    // Signed over other bytes than those sent: the body is never re-serialised before checking.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect((await post(reformatted, await signedDelivery(secret, body, id))).status).toBe(401);

    expect((await post(body, await signedDelivery(secret, body, id))).status).toBe(202);
    await expect.poll(async () => (await ticket("T-1")).pullRequests.map((pr: Loose) => pr.number), { timeout: 15_000 }).toEqual([101]);
  });

  it("accepts a delivery signed with the previous secret during a rotation", async () => {
    const answer = await deliver("opened", { number: 102, body: `Refs ${ticketKey(briefId, "T-2")}` }, { secret: oldSecret });
    expect(answer.status).toBe(202);
    await expect.poll(async () => (await ticket("T-2")).pullRequests.map((pr: Loose) => pr.number), { timeout: 15_000 }).toContain(102);
  });

  it("refuses a body over 25 MB (413), whether it says so up front or not", async () => {
    const big = "x".repeat(25 * 1024 * 1024 + 1);
    const declared = await post(big, { "content-type": "application/json", "x-github-event": "pull_request", "x-github-delivery": crypto.randomUUID(), "x-hub-signature-256": "sha256=00" });
    expect(declared.status).toBe(413);
    const chunks = [new TextEncoder().encode(big.slice(0, 13 * 1024 * 1024)), new TextEncoder().encode(big.slice(13 * 1024 * 1024))];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = await post(stream, { "content-type": "application/json", "x-github-event": "pull_request", "x-github-delivery": crypto.randomUUID() }, { duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("refuses malformed JSON (400) and stores nothing", async () => {
    const id = crypto.randomUUID();
    const body = "{ this is not json";
    const answer = await post(body, await signedDelivery(secret, body, id));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: "malformed_json" });
    expect((await deliver("opened", { number: 103, body: "Nothing named" }, { id })).status).toBe(202);
  });

  it("answers a delivery id seen before without processing it again", async () => {
    const id = crypto.randomUUID();
    expect((await deliver("opened", { number: 104, body: `Refs ${ticketKey(briefId, "T-1")}` }, { id })).status).toBe(202);
    await expect.poll(async () => (await ticket("T-1")).pullRequests.map((pr: Loose) => pr.number), { timeout: 15_000 }).toContain(104);
    // The same id again, whatever it now carries, is answered and not processed: T-2 gets no link.
    const again = await deliver("edited", { number: 104, body: `Refs ${ticketKey(briefId, "T-2")}` }, { id });
    expect(again).toEqual({ status: 200, json: { ok: true, delivery: id, ignored: "duplicate" } });
    // A later delivery of the same pull request is processed, so everything before it was.
    expect((await deliver("opened", { number: 105, body: `Refs ${ticketKey(briefId, "T-2")}` })).status).toBe(202);
    await expect.poll(async () => (await ticket("T-2")).pullRequests.map((pr: Loose) => pr.number), { timeout: 15_000 }).toContain(105);
    expect((await ticket("T-2")).pullRequests.map((pr: Loose) => pr.number)).not.toContain(104);
  });

  it("answers a delivery for a repository no project connected, and stores nothing", async () => {
    const id = crypto.randomUUID();
    const answer = await deliver("opened", { number: 106, body: `Fixes ${ticketKey(briefId, "T-1")}` }, { id, repository: "octo-org/somebody-else" });
    expect(answer).toEqual({ status: 200, json: { ok: true, delivery: id, ignored: "not_connected" } });
    expect((await deliver("opened", { number: 107, body: "Nothing named" }, { id })).status).toBe(202);
  });

  it("shows a draft, then open, and a merged closing pull request moves the ticket to done, attributed to its author on GitHub", async () => {
    const body = `Implements ${origin}/projects/${github.projectId}/briefs/${briefId}#T-2`;
    expect((await deliver("opened", { number: 110, draft: true, body, headSha: "c".repeat(40) })).status).toBe(202);
    await expect.poll(async () => (await ticket("T-2")).pullRequests.find((pr: Loose) => pr.number === 110), { timeout: 15_000 }).toEqual({
      url: `https://github.com/${github.repository}/pull/110`,
      number: 110,
      state: "draft",
      headSha: "c".repeat(40),
    });
    await deliver("ready_for_review", { number: 110, body, headSha: "d".repeat(40) });
    await expect.poll(async () => (await ticket("T-2")).pullRequests.find((pr: Loose) => pr.number === 110)?.state, { timeout: 15_000 }).toBe("open");
    expect((await ticket("T-2")).workOrder.status).toBe("todo");

    await deliver("closed", { number: 110, body, merged: true, login: "hubot" });
    await expect.poll(async () => (await ticket("T-2")).workOrder, { timeout: 15_000 }).toMatchObject({ status: "done", updatedBy: "GitHub (hubot)" });
    expect((await ticket("T-2")).pullRequests.find((pr: Loose) => pr.number === 110)).toMatchObject({ state: "merged" });
  });
});
