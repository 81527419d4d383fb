import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { projectWithPeople } from "../support/fixtures";
import { newBrief, readBrief, toggle, traverse, update } from "../support/briefs";

describe(`which sections each version changed, on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("lists the sections whose stored value differs from the version before, removed ones last", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "g", scope: "s", testingQaChecklist: [{ text: "Row", checked: false }] });
    const briefId = brief.id;
    await update(alice, { briefId, content: { goal: "g2", scope: "s", testingQaChecklist: [{ text: "Row", checked: false }] }, ifVersionNum: 1 });
    await toggle(alice, { briefId, index: 0, expectedText: "Row", checked: true });
    const checklist = (await readBrief(alice, briefId)).brief.content.testingQaChecklist;
    // Scope dropped, requirements and an unknown key added, goal unchanged, sections reordered.
    await update(alice, { briefId, content: { customNotes: { a: 1 }, requirements: ["R1"], testingQaChecklist: checklist, goal: "g2" }, ifVersionNum: 3 });

    const { items } = await traverse(alice, briefId, "versions");

    expect(items.map((v) => [v.versionNum, v.changedSections])).toEqual([
      [4, ["customNotes", "requirements", "scope"]],
      [3, ["testingQaChecklist"]],
      [2, ["goal"]],
      [1, ["goal", "scope", "testingQaChecklist"]],
    ]);
  });

  it("compares each version with the one before it also across page boundaries", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "0" });
    for (let n = 1; n <= 6; n++) {
      const content = n % 2 ? { goal: `${n}` } : { goal: `${n - 1}`, scope: `${n}` };
      await update(alice, { briefId: brief.id, content, ifVersionNum: n });
    }

    const { items, pages } = await traverse(alice, brief.id, "versions", 2);

    expect(pages).toBe(4);
    expect(items.map((v) => [v.versionNum, v.changedSections])).toEqual([
      [7, ["scope"]],
      [6, ["goal", "scope"]],
      [5, ["scope"]],
      [4, ["goal", "scope"]],
      [3, ["scope"]],
      [2, ["goal"]],
      [1, ["goal"]],
    ]);
  });

  it("reads only section hashes, never the content blobs", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    // Text no other brief has, so its blobs are this brief's alone.
    const salt = crypto.randomUUID();
    const brief = await newBrief(alice, projectId, { goal: `a ${salt}` });
    await update(alice, { briefId: brief.id, content: { goal: `b ${salt}` }, ifVersionNum: 1 });
    // Hide the blobs from every reader by renaming them: the listing still says what changed,
    // because it never needs their text.
    const prisma = await getPrisma();
    const refs = (await prisma.briefVersion.findMany({ where: { briefId: brief.id } })).flatMap((v) => (v.sections as [string, string][]).map(([, hash]) => hash));
    const renamed = await prisma.$executeRawUnsafe(`UPDATE "ContentBlob" SET hash = 'hidden-' || hash WHERE hash = ANY($1::text[])`, refs);
    expect(renamed).toBeGreaterThan(0);
    try {
      const { items } = await traverse(alice, brief.id, "versions");
      expect(items.map((v) => v.changedSections)).toEqual([["goal"], ["goal"]]);
    } finally {
      await prisma.$executeRawUnsafe(`UPDATE "ContentBlob" SET hash = substring(hash from 8) WHERE hash = ANY($1::text[])`, refs.map((h) => `hidden-${h}`));
    }
  });
});
