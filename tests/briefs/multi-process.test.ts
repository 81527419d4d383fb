import { describe, expect, it } from "vitest";
import { projectWithPeople } from "../support/fixtures";
import { create, readBrief, traverse } from "../support/briefs";
import { runTsx } from "../support/spawn-tsx";

const WORKERS = 4;
const ROWS_PER_WORKER = 6;

describe.runIf(process.env.BRIEFS_TEST_DB === "postgres")("writers in several app processes", () => {
  it("share one gap-free version sequence and lose no row", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const rows = WORKERS * ROWS_PER_WORKER;
    const content = { testingQaChecklist: Array.from({ length: rows }, (_, i) => ({ text: `Row ${i}`, checked: false })) };
    const briefId = (await create(alice, { projectId, content })).result.brief.id;

    const runs = await Promise.all(
      Array.from({ length: WORKERS }, (_, w) => {
        const mine = Array.from({ length: ROWS_PER_WORKER }, (_, i) => w + i * WORKERS);
        return runTsx("tests/support/toggle-worker.ts", [alice.userId, alice.email, briefId, mine.join(",")], {
          DATABASE_URL: process.env.DATABASE_URL,
        });
      }),
    );
    for (const run of runs) {
      expect(run.stderr).toBe("");
      expect(run.stdout.trim()).toBe(`ok ${ROWS_PER_WORKER}`);
    }

    const { brief } = await readBrief(alice, briefId);
    expect(brief.versionNum).toBe(1 + rows);
    const checklist = brief.content.testingQaChecklist as Array<{ checked: boolean; checkedBy?: string }>;
    expect(checklist.every((row) => row.checked)).toBe(true);
    expect(new Set(checklist.map((row) => row.checkedBy)).size).toBe(WORKERS);
    const versions = (await traverse(alice, briefId, "versions", 200)).items.map((v) => v.versionNum);
    expect([...versions].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: rows + 1 }, (_, i) => i + 1));
  });
});
