import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { ownerAndEditor, projectWithPeople } from "../support/fixtures";
import {
  create,
  expectedVersionHash,
  expectRefusedWithoutChange,
  newBrief,
  readBrief,
  readVersion,
  RFC3339_UTC,
  toggle,
  traverse,
  update,
  type Content,
} from "../support/briefs";

describe(`content as stored and returned on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("keeps unknown keys and _draft, and leaves omitted sections omitted", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const content = {
      "x-jira": { epic: "PAY-12", labels: ["export", "billing"], weight: 2.5, archived: false, owner: null },
      goal: "Export invoices",
      _draft: { goal: "Export invoices and credit notes", cursorAt: 17 },
      requirements: [],
      zzz: "last",
    };

    const created = (await create(alice, { projectId, content })).result.brief;
    expect(created.content).toEqual(content);
    expect(created.content).not.toHaveProperty("acceptanceCriteria");
    expect(created.content).not.toHaveProperty("testingQaChecklist");
    expect(created.content).not.toHaveProperty("checklist");

    expect((await readBrief(alice, created.id)).brief.content).toEqual(content);
    const version = await readVersion(alice, created.id, 1);
    expect(version.content).toEqual(content);
    // The version keeps the document exactly as written, key order included.
    expect(JSON.stringify(version.content)).toBe(JSON.stringify(content));

    const next = { ...content, _draft: { goal: "changed draft" } };
    const updated = (await update(alice, { briefId: created.id, content: next })).result.brief;
    expect(updated.content).toEqual(next);
    expect(updated.versionNum).toBe(2);
  });

  it("returns the current content exactly as written, key order and a __proto__ key included", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const content = JSON.parse('{"zzz":1,"goal":"Ship","__proto__":{"polluted":true},"a":[3,2,1]}') as Content;

    const created = (await create(alice, { projectId, content })).result.brief;
    const read = (await readBrief(alice, created.id)).brief;
    expect(JSON.stringify(read.content)).toBe(JSON.stringify(content));
    expect(read.currentVersionHash).toBe(expectedVersionHash(read.content));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Sending back what was read is a no-op: nothing is silently dropped.
    const again = (await update(alice, { briefId: created.id, content: read.content })).result.brief;
    expect(again.createdNewVersion).toBe(false);
    expect(again.versionNum).toBe(1);
  });

  it("mirrors testingQaChecklist as checklist in every content it returns", async () => {
    const { projectId, alice, agent } = await projectWithPeople({ alice: "owner", agent: "editor" });
    const content = { goal: "g", testingQaChecklist: [{ text: "Row A", checked: false }] };

    const created = (await create(alice, { projectId, content })).result.brief;
    const toggled = (await toggle(agent, { briefId: created.id, index: 0, expectedText: "Row A", checked: true })).result.brief;
    const updated = (await update(alice, { briefId: created.id, content: { ...toggled.content, goal: "h" } })).result.brief;
    const returned = [
      created.content,
      toggled.content,
      updated.content,
      (await readBrief(agent, created.id)).brief.content,
      (await readVersion(agent, created.id, 1)).content,
      (await readVersion(agent, created.id, 2)).content,
    ];
    for (const c of returned) {
      expect(c.checklist).toEqual(c.testingQaChecklist);
      expect(c.checklist).toHaveLength(1);
    }
    expect(toggled.content.checklist).toEqual([
      { text: "Row A", checked: true, addedBy: "Alice", checkedBy: "Agent", checkedAt: expect.stringMatching(RFC3339_UTC) },
    ]);

    // The mirror is never stored: in no version (the brief row holds no content at all).
    const prisma = await getPrisma();
    const versions = await prisma.briefVersion.findMany({ where: { briefId: created.id } });
    for (const v of versions) expect((v.sections as [string, string][]).map(([key]) => key)).not.toContain("checklist");

    const emptied = (await update(alice, { briefId: created.id, content: { goal: "h" } })).result.brief;
    expect(emptied.content).toEqual({ goal: "h" });
  });

  it("accepts checklist as an alias only when it agrees with testingQaChecklist", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });

    const viaAlias = (await create(alice, { projectId, content: { goal: "g", checklist: [{ text: "Row A", checked: true }] } })).result.brief;
    const row = { text: "Row A", checked: true, addedBy: "Alice", checkedBy: "Alice", checkedAt: expect.stringMatching(RFC3339_UTC) };
    expect(viaAlias.content).toEqual({ goal: "g", testingQaChecklist: [row], checklist: [row] });
    const prisma = await getPrisma();
    const [stored] = await prisma.briefVersion.findMany({ where: { briefId: viaAlias.id } });
    expect((stored.sections as [string, string][]).map(([key]) => key)).toEqual(["goal", "testingQaChecklist"]);

    // Sending back what was returned (both names, equal) changes nothing.
    const resent = await update(alice, { briefId: viaAlias.id, content: viaAlias.content });
    expect(resent.result.brief).toMatchObject({ createdNewVersion: false, versionNum: 1 });

    await expectRefusedWithoutChange(
      alice,
      viaAlias.id,
      () =>
        update(alice, {
          briefId: viaAlias.id,
          content: { goal: "g", testingQaChecklist: [{ text: "Row A", checked: true }], checklist: [{ text: "Row A", checked: false }] },
        }),
      { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "content.checklist" })] } },
    );
    // An invalid row sent under the alias is reported under the name the client used.
    await expectRefusedWithoutChange(alice, viaAlias.id, () => update(alice, { briefId: viaAlias.id, content: { checklist: [{ text: "" , checked: false }] } }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "content.checklist[0].text" })] },
    });
  });

  it("keeps checklist attribution the server's: client values ignored, rows matched by text on replace", async () => {
    const { alice, bob, projectId } = await ownerAndEditor();
    const forged = { addedBy: "Mallory", checkedBy: "Mallory", checkedAt: "2001-01-01T00:00:00Z" };

    const brief = (
      await create(alice, {
        projectId,
        content: { testingQaChecklist: [{ text: "Same", checked: false, ...forged }, { text: "Same", checked: true, ...forged }, { text: "Other", checked: false }] },
      })
    ).result.brief;
    const [first, second, other] = brief.content.testingQaChecklist!;
    expect(first).toEqual({ text: "Same", checked: false, addedBy: "Alice" });
    expect(second).toEqual({ text: "Same", checked: true, addedBy: "Alice", checkedBy: "Alice", checkedAt: expect.stringMatching(RFC3339_UTC) });
    expect(Date.parse(second.checkedAt!)).toBeGreaterThan(Date.parse("2020-01-01T00:00:00Z"));
    expect(other).toEqual({ text: "Other", checked: false, addedBy: "Alice" });

    // Bob replaces the whole list: reorders, ticks "Other", adds a row, forges attribution everywhere.
    const replaced = (
      await update(bob, {
        briefId: brief.id,
        content: {
          testingQaChecklist: [
            { text: "Other", checked: true, ...forged },
            { text: "Same", checked: false, ...forged },
            { text: "New", checked: false, ...forged },
            { text: "Same", checked: true },
          ],
        },
      })
    ).result.brief.content.testingQaChecklist!;
    expect(replaced).toEqual([
      { text: "Other", checked: true, addedBy: "Alice", checkedBy: "Bob", checkedAt: expect.stringMatching(RFC3339_UTC) },
      first,
      { text: "New", checked: false, addedBy: "Bob" },
      second,
    ]);

    // Unticking removes the check attribution and keeps who added the row.
    const unticked = (await update(bob, { briefId: brief.id, content: { testingQaChecklist: [{ text: "Same", checked: false }, { text: "Same", checked: false, ...forged }] } }))
      .result.brief.content.testingQaChecklist!;
    expect(unticked).toEqual([first, { text: "Same", checked: false, addedBy: "Alice" }]);
  });

  it("hashes the returned content minus the mirror, on every write and in every listing", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const content: Content = {
      goal: "Ünïcödé 😀 goal",
      requirements: ["R1"],
      testingQaChecklist: [{ text: "Row", checked: false }],
      "x-numbers": [1, 1.5, -0.000001, 1e21, 100],
      _draft: { note: "n" },
    };

    const results = [(await create(alice, { projectId, content })).result.brief];
    const briefId = results[0].id;
    results.push((await toggle(alice, { briefId, index: 0, expectedText: "Row", checked: true })).result.brief);
    results.push((await update(alice, { briefId, content: { ...content, goal: "second" } })).result.brief);
    for (const brief of results) expect(brief.currentVersionHash).toBe(expectedVersionHash(brief.content));
    // A small document, canonicalized by hand.
    const small = (await update(alice, { briefId, content: { goal: "g", _a: [1, 2.50] } })).result.brief;
    expect(small.currentVersionHash).toBe(
      `sha256:${(await import("node:crypto")).createHash("sha256").update('{"_a":[1,2.5],"goal":"g"}').digest("hex")}`,
    );

    const read = (await readBrief(alice, briefId)).brief;
    expect(read.currentVersionHash).toBe(expectedVersionHash(read.content));
    const versions = (await traverse(alice, briefId, "versions")).items;
    expect(versions.map((v) => v.hash)).toEqual([small, ...results.slice().reverse()].map((b) => b.currentVersionHash));
    for (const v of versions) {
      const old = await readVersion(alice, briefId, v.versionNum as number);
      expect(old.hash).toBe(expectedVersionHash(old.content));
    }
  });

  it("mints nothing when the canonical content is unchanged, and nothing for a title change", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "g", requirements: ["R1"], testingQaChecklist: [{ text: "Row", checked: false }] }, "Old title");

    // The same document again, as returned (with the mirror and attribution), and with keys reordered.
    for (const content of [brief.content, { testingQaChecklist: [{ checked: false, text: "Row" }], requirements: ["R1"], goal: "g" }]) {
      const { result } = await update(alice, { briefId: brief.id, content });
      expect(result.brief).toEqual({ ...brief, createdNewVersion: false });
    }

    const renamed = (await update(alice, { briefId: brief.id, title: "New title" })).result.brief;
    expect(renamed).toEqual({ ...brief, title: "New title", createdNewVersion: false });
    const both = (await update(alice, { briefId: brief.id, title: "Newer title", content: brief.content })).result.brief;
    expect(both).toMatchObject({ title: "Newer title", versionNum: 1, createdNewVersion: false, currentVersionHash: brief.currentVersionHash });

    const full = await readBrief(alice, brief.id);
    expect(full.brief).toMatchObject({ title: "Newer title", versionNum: 1 });
    expect(full.collections.versions.items).toHaveLength(1);

    // A title change alongside a content change mints exactly one version.
    const changed = (await update(alice, { briefId: brief.id, title: "Final", content: { goal: "other" } })).result.brief;
    expect(changed).toMatchObject({ title: "Final", versionNum: 2, createdNewVersion: true });
  });
});
