import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { projectWithPeople } from "../support/fixtures";
import { newBrief, readVersion, toggle, update } from "../support/briefs";

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/** What the history of one brief costs: its version rows, the section blobs they use, its writer's receipts. */
async function storedBytes(briefId: string, writer: Actor) {
  const prisma = await getPrisma();
  const versions = await prisma.briefVersion.findMany({ where: { briefId } });
  const hashes = [...new Set(versions.flatMap((v) => (v.sections as [string, string][]).map(([, hash]) => hash)))];
  const blobs = await prisma.contentBlob.findMany({ where: { hash: { in: hashes } } });
  const receipts = await prisma.idempotencyReceipt.findMany({ where: { userId: writer.userId } });
  return {
    versions: versions.reduce((sum, v) => sum + bytes(v), 0),
    blobs: blobs.reduce((sum, b) => sum + Buffer.byteLength(b.json, "utf8"), 0),
    receipts: receipts.reduce((sum, r) => sum + bytes(r), 0),
  };
}
const total = (s: { versions: number; blobs: number; receipts: number }) => s.versions + s.blobs + s.receipts;

/** About 200 KB of requirements-like text, and a short QA list. */
function largeContent() {
  const salt = crypto.randomBytes(4).toString("hex");
  const list = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name} ${i} ${salt} `.padEnd(1000, "lorem ipsum "));
  return {
    goal: "g".repeat(4000),
    requirements: list("Requirement", 50),
    edgeCases: list("Edge case", 50),
    states: list("State", 50),
    rolesPermissions: list("Role", 50),
    testingQaChecklist: [
      { text: "CSV opens in a spreadsheet", checked: false },
      { text: "PDF renders", checked: false },
      { text: "XLSX opens", checked: false },
    ],
  };
}

describe(`storage growth on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("ticking one row of a 200 KB brief stores a few KB, not another copy of the brief", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const content = largeContent();
    expect(bytes(content)).toBeGreaterThan(200_000);
    const brief = await newBrief(alice, projectId, content);
    const before = await storedBytes(brief.id, alice);
    expect(before.blobs).toBeGreaterThan(200_000);

    const { result } = await toggle(alice, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
    expect(result.brief.versionNum).toBe(2);
    const afterTick = await storedBytes(brief.id, alice);
    expect(total(afterTick) - total(before)).toBeLessThan(8 * 1024);

    // A replay and a no-op toggle add at most a receipt.
    await toggle(alice, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
    expect(total(await storedBytes(brief.id, alice)) - total(afterTick)).toBeLessThan(2 * 1024);

    // History is still complete: both versions read back in full.
    expect((await readVersion(alice, brief.id, 1)).content).toEqual(brief.content);
    expect((await readVersion(alice, brief.id, 2)).content).toEqual(result.brief.content);
  });

  it("editing one section of a large brief stores that section, not the others again", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const content = largeContent();
    const brief = await newBrief(alice, projectId, content);
    const before = await storedBytes(brief.id, alice);

    await update(alice, { briefId: brief.id, content: { ...content, goal: "A shorter goal" } });

    expect(total(await storedBytes(brief.id, alice)) - total(before)).toBeLessThan(8 * 1024);
    expect((await readVersion(alice, brief.id, 1)).content.goal).toBe("g".repeat(4000));
  });
});
