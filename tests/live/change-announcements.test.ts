import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { startChangeFeed } from "@/lib/live/change-feed";
import type { LiveEvent } from "@/lib/live/live-event";
import { subscribeLive } from "@/lib/live/live-hub";
import { addMember, newProject, newUser, viaToken } from "../support/fixtures";
import { append, decide, newBrief, propose, toggle, transition, update } from "../support/briefs";

/**
 * Every write to a brief is counted and announced by the database itself, at commit, whatever code
 * path wrote it; a refused write announces nothing. Heard here as the app hears it: through the
 * change feed (in process on the embedded database, a LISTEN connection on PostgreSQL).
 */
describe(`change announcements on ${process.env.BRIEFS_TEST_DB}`, () => {
  const heard: LiveEvent[] = [];
  let stop: () => void;
  let alice: Actor;
  let projectId: string;

  beforeAll(async () => {
    stop = subscribeLive((event) => heard.push(event));
    const feed = await startChangeFeed();
    // On PostgreSQL the listening connection opens in the background: what commits before its
    // LISTEN is not heard (pages then catch up through their stamp, tested elsewhere).
    await vi.waitFor(() => expect(feed.listening()).toBe(true), { timeout: 10_000, interval: 20 });
    alice = await newUser("Alice");
    projectId = await newProject(alice);
  });
  afterAll(() => stop());

  /** The next announcement about `briefId` after `from`, waited for as it arrives. */
  async function announced(briefId: string, from: number): Promise<Extract<LiveEvent, { kind: "brief" }>> {
    await expect.poll(() => heard.slice(from).some((e) => e.kind === "brief" && e.briefId === briefId), { timeout: 10_000, interval: 20 }).toBe(true);
    return heard.slice(from).find((e) => e.kind === "brief" && e.briefId === briefId) as Extract<LiveEvent, { kind: "brief" }>;
  }

  async function changeSeq(briefId: string): Promise<number> {
    return (await (await getPrisma()).brief.findUniqueOrThrow({ where: { id: briefId } })).changeSeq;
  }

  it("counts and announces every kind of write, each once, with the brief's new count", async () => {
    let from = heard.length;
    const brief = await newBrief(alice, projectId, { goal: "Watched", testingQaChecklist: [{ text: "Row", checked: false }] });
    expect(await announced(brief.id, from)).toMatchObject({ projectId, seq: 0 });

    const agent = viaToken(alice, ["brief:read", "brief:write"], "agent");
    const writes: [string, () => Promise<unknown>][] = [
      ["content", () => update(alice, { briefId: brief.id, content: { goal: "Watched, changed", testingQaChecklist: [{ text: "Row", checked: false }] } })],
      ["tick", () => toggle(agent, { briefId: brief.id, index: 0, expectedText: "Row", checked: true })],
      ["comment", () => append(alice, { briefId: brief.id, collection: "comments", item: { body: "Looks right" } })],
      ["proposal", () => propose(agent, { briefId: brief.id, baseVersionNum: 3, changes: { goal: "Proposed goal" } })],
      ["state", () => transition(alice, { briefId: brief.id, to: "closed", reason: "done" })],
    ];
    for (const [kind, write] of writes) {
      const seq = await changeSeq(brief.id);
      from = heard.length;
      await write();
      const event = await announced(brief.id, from);
      expect({ kind, seq: event.seq }).toEqual({ kind, seq: seq + 1 });
      expect(await changeSeq(brief.id)).toBe(seq + 1);
    }
  });

  it("announces nothing for a refused write, and the count does not move", async () => {
    const created = heard.length;
    const brief = await newBrief(alice, projectId, { goal: "Guarded" });
    // The creation's own announcement is heard first, so it is not taken for a later one.
    await announced(brief.id, created);
    const seq = await changeSeq(brief.id);
    const from = heard.length;
    await expect(update(alice, { briefId: brief.id, content: { goal: "Stale" }, ifVersionNum: 7 })).rejects.toMatchObject({ code: "BRIEF_VERSION_CONFLICT" });
    await update(alice, { briefId: brief.id, content: { goal: "Current" } });
    // Announcements arrive in commit order: the first about this brief is the accepted write.
    expect((await announced(brief.id, from)).seq).toBe(seq + 1);
    expect(heard.slice(from).filter((e) => e.kind === "brief" && e.briefId === brief.id)).toHaveLength(1);
  });

  it("announces a person's changed memberships, so their streams re-read their projects", async () => {
    const bob = await newUser("Bob");
    const from = heard.length;
    await addMember(projectId, bob, "viewer");
    await expect.poll(() => heard.slice(from).some((e) => e.kind === "access" && e.userId === bob.userId), { timeout: 10_000, interval: 20 }).toBe(true);
  });

  it("says when a brief's title or state changed, and when its proposals did: what the header's inbox reads again on", async () => {
    const critic = viaToken(alice, ["brief:read", "brief:propose"], "critic");
    const from = heard.length;
    const brief = await newBrief(alice, projectId, { goal: "Said", testingQaChecklist: [{ text: "Row", checked: false }] });
    expect(await announced(brief.id, from)).toMatchObject({ titleOrState: true });
    const marker = await newBrief(alice, projectId, { goal: "Marker" });
    const settle = async (write: () => Promise<unknown>) => {
      const start = heard.length;
      await write();
      const event = await announced(brief.id, start);
      // Announcements arrive in commit order: once a later write's is in, all of this one's are.
      const after = heard.length;
      await update(alice, { briefId: marker.id, content: { goal: `Marker ${after}` } });
      await announced(marker.id, after);
      const proposals = heard.slice(start).filter((e) => e.kind === "proposals" && e.briefId === brief.id);
      return { titleOrState: "titleOrState" in event, proposals: proposals.length };
    };

    expect(await settle(() => toggle(alice, { briefId: brief.id, index: 0, expectedText: "Row", checked: true }))).toEqual({ titleOrState: false, proposals: 0 });
    expect(await settle(() => update(alice, { briefId: brief.id, content: { goal: "Said again", testingQaChecklist: [{ text: "Row", checked: true }] } }))).toEqual({ titleOrState: false, proposals: 0 });
    expect(await settle(() => update(alice, { briefId: brief.id, title: "Renamed" }))).toEqual({ titleOrState: true, proposals: 0 });
    expect(await settle(() => propose(critic, { briefId: brief.id, baseVersionNum: 3, changes: { goal: "Proposed" } }))).toEqual({ titleOrState: false, proposals: 1 });
    expect(await settle(() => transition(alice, { briefId: brief.id, to: "closed", reason: "done" }))).toMatchObject({ titleOrState: true });
  });

  it("announces a decided proposal on its brief", async () => {
    const brief = await newBrief(alice, projectId, { goal: "Before" });
    const { proposal } = (await propose(viaToken(alice, ["brief:read", "brief:propose"], "critic"), { briefId: brief.id, baseVersionNum: 1, changes: { goal: "After" } })).result;
    const seq = await changeSeq(brief.id);
    const from = heard.length;
    await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "reject", reason: "Not now" });
    expect((await announced(brief.id, from)).seq).toBe(seq + 1);
    expect(heard.slice(from)).toContainEqual({ kind: "proposals", briefId: brief.id, projectId });
  });
});
