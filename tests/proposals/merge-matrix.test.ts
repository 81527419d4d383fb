import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { ownerAndEditor } from "../support/fixtures";
import { decide, newBrief, propose, readBrief, toggle, update, type Content } from "../support/briefs";

/**
 * The merge rules (docs/contract.md#merge-rules), section kind by section kind: a proposal written
 * against version 1, then the brief changed elsewhere on neither side of what it touches, on one
 * side (another item, or another section), or on both (the same item), then accepted.
 */
type Case = {
  name: string;
  base: Content;
  proposal: Content;
  /** The direct edit made after the proposal, as a whole content; omit for none. */
  meanwhile?: Content;
  /** The accepted content's sections, or the conflicts the accept is refused with. */
  merged?: Content;
  conflicts?: Array<Record<string, unknown>>;
};

const ac = (id: string, text: string) => ({ id, text });
const row = (text: string, checked = false) => ({ text, checked });

const cases: Case[] = [
  // Long text: whole sections.
  { name: "text · neither", base: { goal: "A", scope: "S" }, proposal: { goal: "B" }, merged: { goal: "B", scope: "S" } },
  { name: "text · one side (another section changed)", base: { goal: "A", scope: "S" }, proposal: { goal: "B" }, meanwhile: { goal: "A", scope: "T" }, merged: { goal: "B", scope: "T" } },
  {
    name: "text · both sides, the same change",
    base: { goal: "A" },
    proposal: { goal: "B", outOfScope: "O" },
    meanwhile: { goal: "B", scope: "new" },
    merged: { goal: "B", scope: "new", outOfScope: "O" },
  },
  {
    name: "text · both sides",
    base: { goal: "A" },
    proposal: { goal: "B" },
    meanwhile: { goal: "C" },
    conflicts: [{ section: "goal", item: null, base: "A", current: "C", proposed: "B" }],
  },
  {
    name: "text · removed by the proposal, edited meanwhile",
    base: { goal: "A", scope: "S" },
    proposal: { scope: null },
    meanwhile: { goal: "A", scope: "T" },
    conflicts: [{ section: "scope", item: null, base: "S", current: "T", proposed: null }],
  },
  // Lists of strings: per item by text.
  { name: "strings · neither", base: { requirements: ["r1", "r2"] }, proposal: { requirements: ["r1", "r2b"] }, merged: { requirements: ["r1", "r2b"] } },
  {
    name: "strings · one side (other items changed)",
    base: { requirements: ["r1", "r2", "r3"] },
    proposal: { requirements: ["r1", "r2b", "r3", "r4"] },
    meanwhile: { requirements: ["r0", "r1", "r2"] },
    merged: { requirements: ["r0", "r1", "r2b", "r4"] },
  },
  {
    name: "strings · both sides reworded the same item",
    base: { requirements: ["r1", "r2"] },
    proposal: { requirements: ["r1", "r2 by proposal"] },
    meanwhile: { requirements: ["r1", "r2 by editor"] },
    conflicts: [{ section: "requirements", item: "r2", base: "r2", current: "r2 by editor", proposed: "r2 by proposal" }],
  },
  {
    name: "strings · reworded by the proposal, removed meanwhile",
    base: { requirements: ["r1", "r2"] },
    proposal: { requirements: ["r1", "r2b"] },
    meanwhile: { requirements: ["r1"] },
    conflicts: [{ section: "requirements", item: "r2", base: "r2", current: null, proposed: "r2b" }],
  },
  // Lists with ids: per item by id.
  {
    name: "ids · neither",
    base: { acceptanceCriteria: [ac("AC-1", "one"), ac("AC-2", "two")] },
    proposal: { acceptanceCriteria: [ac("AC-1", "one!"), ac("AC-3", "three")] },
    merged: { acceptanceCriteria: [ac("AC-1", "one!"), ac("AC-3", "three")] },
  },
  {
    name: "ids · one side (other items changed)",
    base: { acceptanceCriteria: [ac("AC-1", "one"), ac("AC-2", "two")] },
    proposal: { acceptanceCriteria: [ac("AC-1", "one!"), ac("AC-2", "two"), ac("AC-3", "three")] },
    meanwhile: { acceptanceCriteria: [ac("AC-1", "one"), ac("AC-2", "two?"), ac("AC-9", "nine")] },
    merged: { acceptanceCriteria: [ac("AC-1", "one!"), ac("AC-2", "two?"), ac("AC-9", "nine"), ac("AC-3", "three")] },
  },
  {
    name: "ids · both sides edited the same item",
    base: { acceptanceCriteria: [ac("AC-1", "one")] },
    proposal: { acceptanceCriteria: [ac("AC-1", "proposed")] },
    meanwhile: { acceptanceCriteria: [ac("AC-1", "edited")] },
    conflicts: [{ section: "acceptanceCriteria", item: "AC-1", base: ac("AC-1", "one"), current: ac("AC-1", "edited"), proposed: ac("AC-1", "proposed") }],
  },
  {
    name: "ids · removed by the proposal, edited meanwhile",
    base: { acceptanceCriteria: [ac("AC-1", "one"), ac("AC-2", "two")] },
    proposal: { acceptanceCriteria: [ac("AC-1", "one")] },
    meanwhile: { acceptanceCriteria: [ac("AC-1", "one"), ac("AC-2", "two, edited")] },
    conflicts: [{ section: "acceptanceCriteria", item: "AC-2", base: ac("AC-2", "two"), current: ac("AC-2", "two, edited"), proposed: null }],
  },
  // The QA checklist: per row by text; ticks are the server's.
  {
    name: "checklist · neither",
    base: { testingQaChecklist: [row("c1"), row("c2")] },
    proposal: { testingQaChecklist: [row("c1"), row("c2, reworded", true), row("c3")] },
    merged: { testingQaChecklist: [row("c1"), row("c2, reworded"), row("c3")] },
  },
  {
    name: "checklist · one side (a row ticked and another added meanwhile)",
    base: { testingQaChecklist: [row("c1"), row("c2")] },
    proposal: { testingQaChecklist: [row("c1"), row("c2, reworded")] },
    meanwhile: { testingQaChecklist: [row("c1", true), row("c2"), row("c0")] },
    merged: { testingQaChecklist: [row("c1", true), row("c2, reworded"), row("c0")] },
  },
  {
    name: "checklist · both sides reworded the same row",
    base: { testingQaChecklist: [row("c1")] },
    proposal: { testingQaChecklist: [row("c1 by proposal")] },
    meanwhile: { testingQaChecklist: [row("c1 by editor")] },
    conflicts: [{ section: "testingQaChecklist", item: "c1", base: expect.objectContaining({ text: "c1" }), current: expect.objectContaining({ text: "c1 by editor" }), proposed: expect.objectContaining({ text: "c1 by proposal" }) }],
  },
  // Items matched by their text still merge by their whole value.
  {
    name: "decisions · neither (same text, another source)",
    base: { decisions: [{ text: "Use Postgres", source: "call" }] },
    proposal: { decisions: [{ text: "Use Postgres", source: "RFC 12", stated: true }] },
    merged: { decisions: [{ text: "Use Postgres", source: "RFC 12", stated: true }] },
  },
  {
    name: "decisions · both sides changed the same decision's source",
    base: { decisions: [{ text: "Use Postgres", source: "call" }] },
    proposal: { decisions: [{ text: "Use Postgres", source: "RFC 12" }] },
    meanwhile: { decisions: [{ text: "Use Postgres", source: "ADR 3" }] },
    conflicts: [{ section: "decisions", item: "Use Postgres", base: { text: "Use Postgres", source: "call" }, current: { text: "Use Postgres", source: "ADR 3" }, proposed: { text: "Use Postgres", source: "RFC 12" } }],
  },
  {
    name: "strings · both sides added the same item in different places",
    base: { requirements: ["A", "B"] },
    proposal: { requirements: ["X", "A", "B"], outOfScope: "O" },
    meanwhile: { requirements: ["A", "B", "X"], goal: "moved on" },
    merged: { requirements: ["A", "B", "X"], goal: "moved on", outOfScope: "O" },
  },
];

describe(`merging proposals on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  for (const c of cases) {
    it(c.name, async () => {
      const brief = await newBrief(alice, projectId, c.base);
      const { proposal } = (await propose(bob, { briefId: brief.id, baseVersionNum: 1, changes: c.proposal })).result;
      if (c.meanwhile) await update(alice, { briefId: brief.id, content: c.meanwhile });
      const before = await readBrief(alice, brief.id);
      const listed = before.collections.proposals.items[0];

      if (c.conflicts) {
        expect(listed).toMatchObject({ mergeable: false, conflicts: c.conflicts });
        await expect(decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept" })).rejects.toMatchObject({
          code: "BRIEF_VERSION_CONFLICT",
          details: { reason: "PROPOSAL_CONFLICT", conflicts: c.conflicts, currentVersionNum: before.brief.versionNum },
        });
        expect(await readBrief(alice, brief.id)).toEqual(before);
        return;
      }
      expect(listed).toMatchObject({ mergeable: true, conflicts: [] });
      const { result } = await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept" });
      expect(result.brief).toMatchObject({ createdNewVersion: true, versionNum: before.brief.versionNum + 1 });
      const content = Object.fromEntries(Object.entries(result.brief.content).filter(([key]) => key !== "checklist"));
      const merged = c.merged!;
      const rows = merged.testingQaChecklist as Array<{ text: string; checked: boolean }> | undefined;
      expect(content).toEqual({ ...merged, ...(rows && { testingQaChecklist: rows.map((r) => expect.objectContaining(r)) }) });
    });
  }

  it("rows a proposal only moves keep their ticks; a reworded row starts unticked", async () => {
    const brief = await newBrief(alice, projectId, { goal: "g", testingQaChecklist: [row("c1"), row("c2"), row("c3")] });
    await toggle(alice, { briefId: brief.id, index: 0, expectedText: "c1", checked: true });
    await toggle(alice, { briefId: brief.id, index: 2, expectedText: "c3", checked: true });
    const { proposal } = (await propose(bob, { briefId: brief.id, baseVersionNum: 3, changes: { testingQaChecklist: [row("c2"), row("c1"), row("c3, reworded")] } })).result;
    const { result } = await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept" });
    expect(result.brief.content.testingQaChecklist).toEqual([
      { text: "c2", checked: false, addedBy: "Alice" },
      { text: "c1", checked: true, addedBy: "Alice", checkedBy: "Alice", checkedAt: expect.any(String) },
      { text: "c3, reworded", checked: false, addedBy: "Bob" },
    ]);
  });

  it("a row ticked since the base keeps its tick and attribution; the rows a proposal adds are its author's", async () => {
    const brief = await newBrief(alice, projectId, { goal: "g", testingQaChecklist: [row("c1"), row("c2")] });
    const { proposal } = (await propose(bob, { briefId: brief.id, baseVersionNum: 1, changes: { testingQaChecklist: [row("c1"), row("c2"), row("c3", true)] } })).result;
    await toggle(alice, { briefId: brief.id, index: 0, expectedText: "c1", checked: true });
    const { result } = await decide(alice, { briefId: brief.id, proposalId: proposal.id, decision: "accept" });
    expect(result.brief.content.testingQaChecklist).toEqual([
      { text: "c1", checked: true, addedBy: "Alice", checkedBy: "Alice", checkedAt: expect.any(String) },
      { text: "c2", checked: false, addedBy: "Alice" },
      { text: "c3", checked: false, addedBy: "Bob" },
    ]);
  });
});
