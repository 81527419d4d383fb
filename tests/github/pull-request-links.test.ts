import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { appOrigin } from "@/lib/config/app-origin";
import { getPrisma } from "@/lib/db/client";
import { connectRepository } from "@/lib/github/connect-repository";
import { processDueDeliveries } from "@/lib/github/process-due-deliveries";
import { processPullRequest } from "@/lib/github/process-pull-request";
import type { PullRequestPayload } from "@/lib/github/pull-request-event";
import { storeDelivery } from "@/lib/github/store-delivery";
import { ticketKey } from "@/lib/github/ticket-references";
import { newBrief, traverse } from "../support/briefs";
import { addMember, newProject, newUser } from "../support/fixtures";
import { pullRequestPayload, type PullRequestChange } from "../support/github-payloads";
import { reportWork, traceOf, tracedContent } from "../support/trace";

type Action = Parameters<typeof pullRequestPayload>[0];

describe(`pull requests linked to tickets on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let projectId: string;
  let repository: string;
  let clock = Date.parse("2026-11-01T10:00:00Z");
  beforeAll(async () => {
    alice = await newUser("Alice");
    projectId = await newProject(alice);
    await addMember(projectId, await newUser("Bob"), "editor");
    repository = `Octo-Org/app-${crypto.randomBytes(3).toString("hex")}`;
    await connectRepository(alice, { projectId, installationId: "4242", repository });
  });

  /** Delivers one event as the webhook route stores it, then lets the worker process it. */
  async function deliver(action: Action, change: Omit<PullRequestChange, "repository">, repo = repository) {
    clock += 60_000;
    const payload = pullRequestPayload(action, { updatedAt: new Date(clock).toISOString(), ...change, repository: repo });
    const outcome = await storeDelivery({ id: crypto.randomUUID(), event: "pull_request", payload: payload as unknown as Record<string, unknown> });
    while ((await processDueDeliveries()) > 0);
    return outcome;
  }
  const ticketOf = async (briefId: string, ticketId: string) => (await traceOf(alice, briefId)).tickets.find((t) => t.id === ticketId)!;
  const briefUrl = (briefId: string, ticketId: string) => `${appOrigin()}/projects/${projectId}/briefs/${briefId}#${ticketId}`;

  it("links a ticket named by its address as a mention, and shows the pull request as draft, then open", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    await deliver("opened", { number: 11, draft: true, body: `Part of ${briefUrl(brief.id, "T-1")}`, headSha: "a".repeat(40) });
    expect((await ticketOf(brief.id, "T-1")).pullRequests).toEqual([{ url: `https://github.com/${repository}/pull/11`, number: 11, state: "draft", headSha: "a".repeat(40) }]);
    expect((await ticketOf(brief.id, "T-2")).pullRequests).toEqual([]);

    await deliver("ready_for_review", { number: 11, body: `Part of ${briefUrl(brief.id, "T-1")}`, headSha: "b".repeat(40) });
    expect((await ticketOf(brief.id, "T-1")).pullRequests).toMatchObject([{ state: "open", headSha: "b".repeat(40) }]);

    // Merged, a mention moves nothing: the work order stays as it was.
    await deliver("closed", { number: 11, merged: true, body: `Part of ${briefUrl(brief.id, "T-1")}` });
    const ticket = await ticketOf(brief.id, "T-1");
    expect(ticket.pullRequests).toMatchObject([{ state: "merged" }]);
    expect(ticket.workOrder).toMatchObject({ status: "todo", entries: 0 });
  });

  it("moves a ticket named with a closing word to done when the pull request merges, attributed to GitHub and its author", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const key = ticketKey(brief.id, "T-2");
    await deliver("opened", { number: 12, title: `Resolves ${key}`, body: null, login: "monalisa" });
    expect((await ticketOf(brief.id, "T-2")).workOrder.status).toBe("todo");

    await deliver("closed", { number: 12, title: `Resolves ${key}`, body: null, merged: true, login: "monalisa" });
    const ticket = await ticketOf(brief.id, "T-2");
    expect(ticket.pullRequests).toMatchObject([{ number: 12, state: "merged" }]);
    expect(ticket.workOrder).toMatchObject({ status: "done", updatedBy: "GitHub (monalisa)", links: [{ label: "pull request", url: `https://github.com/${repository}/pull/12` }] });
    const { items } = await traverse(alice, brief.id, "workOrders");
    expect(items).toHaveLength(1);
    const events = await (await getPrisma()).outboxEvent.findMany({ where: { briefId: brief.id, type: "work_order.created" } });
    expect(events.map((e) => e.actorLabel)).toEqual(["GitHub (monalisa)"]);

    // The same merge delivered again (or edited afterwards) records nothing more.
    await deliver("edited", { number: 12, title: `Resolves ${key}`, body: "Edited after the merge", merged: true });
    expect((await traverse(alice, brief.id, "workOrders")).items).toHaveLength(1);
    expect((await ticketOf(brief.id, "T-2")).pullRequests).toMatchObject([{ state: "merged" }]);
  });

  it("leaves the work order alone when a pull request closes without merging", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    await reportWork(alice, { briefId: brief.id, ticketId: "T-1", status: "in_progress" });
    await deliver("opened", { number: 13, body: `Fixes ${ticketKey(brief.id, "T-1")}` });
    await deliver("closed", { number: 13, body: `Fixes ${ticketKey(brief.id, "T-1")}`, merged: false });
    const ticket = await ticketOf(brief.id, "T-1");
    expect(ticket.pullRequests).toMatchObject([{ number: 13, state: "closed" }]);
    expect(ticket.workOrder).toMatchObject({ status: "in_progress", entries: 1 });
  });

  it("links the ticket whose work order recorded the pull request's address, and finds a key in the branch name", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    await reportWork(alice, { briefId: brief.id, ticketId: "T-1", status: "in_review", links: [{ label: "pull request", url: `https://github.com/${repository}/pull/14` }] });
    await deliver("opened", { number: 14, title: "CSV export", body: "", headRef: `feature-${ticketKey(brief.id, "T-2")}` });
    const trace = await traceOf(alice, brief.id);
    expect(trace.tickets.map((t) => [t.id, t.pullRequests.map((pr) => pr.number)])).toEqual([["T-1", [14]], ["T-2", [14]]]);
    const links = await (await getPrisma()).githubTicketLink.findMany({ where: { briefId: brief.id }, orderBy: { ticketId: "asc" } });
    expect(links.map((l) => [l.ticketId, l.closing])).toEqual([["T-1", true], ["T-2", false]]);

    // Edited so that it names nothing: the recorded link stays, the branch's goes with the branch.
    await deliver("edited", { number: 14, title: "CSV export", body: "", headRef: "feature-csv" });
    expect((await traceOf(alice, brief.id)).tickets.map((t) => [t.id, t.pullRequests.length])).toEqual([["T-1", 1], ["T-2", 0]]);
  });

  it("links only briefs of the projects the repository is connected to, and only tickets the brief has", async () => {
    const mallory = await newUser("Mallory");
    const otherProject = await newProject(mallory);
    const other = await newBrief(mallory, otherProject, tracedContent());
    const brief = await newBrief(alice, projectId, tracedContent());
    await deliver("opened", {
      number: 15,
      body: `Fixes ${appOrigin()}/projects/${otherProject}/briefs/${other.id}#T-1, fixes ${ticketKey(other.id, "T-2")}, closes ${ticketKey(brief.id, "T-9")}`,
    });
    await deliver("closed", { number: 15, merged: true, body: `Fixes ${ticketKey(other.id, "T-2")}` });
    expect((await traceOf(mallory, other.id)).tickets.every((t) => t.pullRequests.length === 0 && t.workOrder.status === "todo")).toBe(true);
    expect((await traceOf(alice, brief.id)).tickets.every((t) => t.pullRequests.length === 0)).toBe(true);
  });

  it("stores nothing for a repository no project connected, and a delivery id only once", async () => {
    const prisma = await getPrisma();
    const payload = pullRequestPayload("opened", { repository: "octo-org/not-connected" }) as unknown as Record<string, unknown>;
    expect(await storeDelivery({ id: crypto.randomUUID(), event: "pull_request", payload })).toEqual({ stored: false, reason: "not_connected" });
    expect(await prisma.githubDelivery.count({ where: { fullName: "octo-org/not-connected" } })).toBe(0);

    const id = crypto.randomUUID();
    const connected = pullRequestPayload("opened", { repository, number: 16 }) as unknown as Record<string, unknown>;
    expect(await storeDelivery({ id, event: "pull_request", payload: connected })).toEqual({ stored: true });
    expect(await storeDelivery({ id, event: "pull_request", payload: connected })).toEqual({ stored: false, reason: "duplicate" });
    expect(await prisma.githubDelivery.count({ where: { id } })).toBe(1);
  });

  it("records a merge once when two deliveries of it are processed at the same time", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const change = { repository, number: 18, body: `Closes ${ticketKey(brief.id, "T-1")}`, merged: true, updatedAt: new Date(clock += 60_000).toISOString() };
    const payloads = [pullRequestPayload("closed", change), pullRequestPayload("edited", change)];
    await Promise.all(payloads.map((payload) => processPullRequest(crypto.randomUUID(), payload as unknown as PullRequestPayload)));
    const { items } = await traverse(alice, brief.id, "workOrders");
    expect(items.map((item) => item.status)).toEqual(["done"]);
    expect((await ticketOf(brief.id, "T-1")).workOrder).toMatchObject({ status: "done", entries: 1 });
  });

  it("keeps the newer state when GitHub delivers an older event late", async () => {
    const brief = await newBrief(alice, projectId, tracedContent());
    const body = `Refs ${ticketKey(brief.id, "T-1")}`;
    await deliver("ready_for_review", { number: 17, body, updatedAt: "2026-11-20T10:00:00Z" });
    await deliver("converted_to_draft", { number: 17, body, draft: true, updatedAt: "2026-11-20T09:00:00Z" });
    expect((await ticketOf(brief.id, "T-1")).pullRequests).toMatchObject([{ state: "open" }]);
  });
});
