import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { getPresence, leavePresence, recordPresence } from "@/lib/live/presence/record-presence";
import { PRESENCE_WINDOW_MS } from "@/lib/live/presence/presence-window";
import { newUser, viaToken, projectWithPeople } from "../support/fixtures";
import { newBrief, toggle, update } from "../support/briefs";

describe(`presence on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, bob } = await projectWithPeople({ alice: "owner", bob: "viewer" }));
  });

  const rows = async (briefId: string) => (await getPrisma()).presence.count({ where: { briefId } });

  it("lists each person once, with every section they edit, and marks who is asking", async () => {
    const brief = await newBrief(alice, projectId, { goal: "Shared" });
    await recordPresence(alice, brief.id, { tabId: "alice-tab-1", section: "goal" });
    await recordPresence(alice, brief.id, { tabId: "alice-tab-2", section: "scope" });
    const seen = await recordPresence(bob, brief.id, { tabId: "bob-tab-1", section: null });
    expect(seen.people).toEqual([
      { userId: alice.userId, label: "Alice", you: false, editing: ["goal", "scope"] },
      { userId: bob.userId, label: "Bob", you: true, editing: [] },
    ]);
    // A tab moving to another section moves its mark; leaving takes it away.
    await recordPresence(alice, brief.id, { tabId: "alice-tab-2", section: null });
    await leavePresence(alice, brief.id, { tabId: "alice-tab-1" });
    expect((await getPresence(bob, brief.id)).people.find((p) => p.userId === alice.userId)?.editing).toEqual([]);
  });

  it("drops a tab that stopped saying it is there once the presence window has passed", async () => {
    const brief = await newBrief(alice, projectId, { goal: "Quiet" });
    await recordPresence(bob, brief.id, { tabId: "bob-quiet-tab" });
    const prisma = await getPrisma();
    await prisma.presence.updateMany({ where: { briefId: brief.id }, data: { seenAt: new Date(Date.now() - PRESENCE_WINDOW_MS - 1000) } });
    expect((await getPresence(alice, brief.id)).people).toEqual([]);
  });

  it("shows agents that wrote lately as <person> via <client>, and not people's own writes", async () => {
    const brief = await newBrief(alice, projectId, { goal: "Agents", testingQaChecklist: [{ text: "Row", checked: false }] });
    await update(alice, { briefId: brief.id, content: { goal: "By hand", testingQaChecklist: [{ text: "Row", checked: false }] } });
    expect((await getPresence(bob, brief.id)).agents).toEqual([]);
    await toggle(viaToken(alice, ["brief:read", "brief:write"], "Claude Code"), { briefId: brief.id, index: 0, expectedText: "Row", checked: true });
    const { agents } = await getPresence(bob, brief.id);
    expect(agents.map((a) => a.label)).toEqual([`${alice.email} via Claude Code`]);
  });

  it("refuses people outside the project and bad input, writing nothing", async () => {
    const brief = await newBrief(alice, projectId, { goal: "Private" });
    const outsider = await newUser("Eve");
    await expect(recordPresence(outsider, brief.id, { tabId: "eve-tab-0001" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(getPresence(outsider, brief.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(recordPresence(alice, brief.id, { tabId: "x" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(recordPresence(alice, brief.id, { tabId: "alice-tab-1", section: "notASection" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(recordPresence(alice, brief.id, { tabId: "alice-tab-1", extra: true })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await rows(brief.id)).toBe(0);
    // A leave of someone else's tab removes nothing.
    await recordPresence(alice, brief.id, { tabId: "alice-tab-9" });
    await leavePresence(bob, brief.id, { tabId: "alice-tab-9" });
    expect(await rows(brief.id)).toBe(1);
  });
});
