import { describe, expect, it } from "vitest";
import { viaToken, ownerAndEditor, projectWithPeople } from "../support/fixtures";
import { create, readBrief, readVersion, RFC3339_UTC, toggle, traverse, update } from "../support/briefs";

describe(`decision history on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("records what each change of the decisions added and removed, at which version, by whom", async () => {
    const { alice, bob, projectId } = await ownerAndEditor();
    const csv = { text: "CSV before PDF", source: "Kick-off call", stated: true };
    const utf8 = { text: "Files are UTF-8", stated: false };
    const content = { goal: "g", decisions: [csv], testingQaChecklist: [{ text: "Row", checked: false }] };

    const brief = (await create(alice, { projectId, content })).result.brief;
    const agent = viaToken(bob, undefined, "planner");
    await update(agent, { briefId: brief.id, content: { ...content, decisions: [csv, utf8] } });
    // Edits that leave the decisions alone add nothing: another section, a reorder, a tick.
    await update(alice, { briefId: brief.id, content: { ...content, goal: "h", decisions: [csv, utf8] } });
    await update(alice, { briefId: brief.id, content: { ...content, goal: "h", decisions: [utf8, csv] } });
    await toggle(alice, { briefId: brief.id, index: 0, expectedText: "Row", checked: true });
    const v6 = (await update(alice, { briefId: brief.id, content: { goal: "h", decisions: [{ ...utf8, stated: true }] } })).result.brief;
    expect(v6.versionNum).toBe(6);
    await update(alice, { briefId: brief.id, content: { goal: "h" } });

    const history = (await traverse(bob, brief.id, "decisionHistory")).items;
    expect(history).toEqual([
      { id: expect.any(String), createdAt: expect.stringMatching(RFC3339_UTC), versionNum: 7, added: [], removed: [{ ...utf8, stated: true }], changedBy: "Alice", via: "web" },
      { id: expect.any(String), createdAt: expect.any(String), versionNum: 6, added: [{ ...utf8, stated: true }], removed: [utf8, csv], changedBy: "Alice", via: "web" },
      { id: expect.any(String), createdAt: expect.any(String), versionNum: 2, added: [utf8], removed: [], changedBy: `${bob.email} via planner`, via: "brief_update" },
      { id: expect.any(String), createdAt: expect.any(String), versionNum: 1, added: [csv], removed: [], changedBy: "Alice", via: "web" },
    ]);
    expect((await readBrief(bob, brief.id)).collections.decisionHistory.items).toEqual(history);
    // Each entry agrees with the versions it sits between.
    expect((await readVersion(bob, brief.id, 1)).content.decisions).toEqual([csv]);
    expect((await readVersion(bob, brief.id, 2)).content.decisions).toEqual([csv, utf8]);
  });

  it("a brief created without decisions has no history", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = (await create(alice, { projectId, content: { goal: "g", decisions: [] } })).result.brief;
    await update(alice, { briefId: brief.id, content: { goal: "g" } });
    expect((await readBrief(alice, brief.id)).collections.decisionHistory).toEqual({ items: [], nextCursor: null });
  });
});
