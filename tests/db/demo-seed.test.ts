import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { runTsx } from "../support/spawn-tsx";

describe.runIf(process.env.BRIEFS_TEST_DB === "pglite")("the demo seed", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-seed-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("adds a demo person, a project and two briefs with history once, and prints how to sign in", async () => {
    const env = { BRIEFS_DATA_DIR: dir, DATABASE_URL: undefined };
    const first = await runTsx("scripts/db-seed.ts", [], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Added the demo project with two briefs.");
    expect(first.stdout).toContain("demo@briefs.dev / briefs-demo");

    const second = await runTsx("scripts/db-seed.ts", [], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("The demo data is already there.");

    const db = await PGlite.create(path.join(dir, "pgdata"));
    try {
      const briefs = await db.query<{ title: string; state: string; versions: number }>(
        `SELECT b.title, b.state::text AS state, (SELECT count(*)::int FROM "BriefVersion" v WHERE v."briefId" = b.id) AS versions
         FROM "Brief" b ORDER BY b.title`,
      );
      expect(briefs.rows).toEqual([
        { title: "Order tracking page", state: "drafting", versions: 1 },
        { title: "Pay with a saved card", state: "in_development", versions: 4 },
      ]);
    } finally {
      await db.close();
    }
  });
});
