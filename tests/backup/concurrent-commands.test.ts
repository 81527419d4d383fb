import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyArchive } from "@/lib/backup/read-archive";
import { admin, cleanUp, emptyTarget, kind, partialsIn, seededDatabase, tempDir, withDb, type Target } from "./support";

describe(`admin commands run twice at once on the ${kind} database`, () => {
  let source: Target;
  beforeAll(async () => {
    source = await seededDatabase();
  });
  afterAll(cleanUp);

  it("two backups to the same file: each finishes or one refuses, and the file is one whole archive only its owner can read", async () => {
    const dir = tempDir();
    const out = path.join(dir, "nightly.tar.gz");
    // Last night's archive is there, readable by all: it is replaced whole, and the new one is private.
    fs.writeFileSync(out, "last night's archive", { mode: 0o644 });

    const runs = await Promise.all([admin(["backup", "--out", out], source), admin(["backup", "--out", out], source)]);
    const codes = runs.map((r) => r.code).sort();
    // PostgreSQL serves both snapshots. An embedded folder is read by one process at a time: the
    // second may find it held (by the first, which is no server it could ask for a copy) and refuse.
    if (source.kind === "postgres") expect(codes).toEqual([0, 0]);
    else expect([[0, 0], [0, 1]]).toContainEqual(codes);
    for (const run of runs) {
      if (run.code === 0) expect(run.stdout).toContain(`to ${out}.`);
      else expect(run.stderr).toContain((source as { dataDir: string }).dataDir);
    }
    const manifest = await verifyArchive(out);
    expect(manifest.rowCounts.Brief).toBe(2);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(partialsIn(dir)).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual(["nightly.tar.gz"]);
  });

  it("two restores into the same empty database: one restores, the other refuses, and the data is there once", async () => {
    const dir = tempDir();
    const archive = path.join(dir, "briefs.tar.gz");
    const backup = await admin(["backup", "--out", archive], source);
    expect(backup.code).toBe(0);

    const target = await emptyTarget();
    const runs = await Promise.all([admin(["restore", archive], target), admin(["restore", archive], target)]);
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
    const refused = runs.find((r) => r.code === 1)!;
    expect(refused.stderr).toMatch(
      target.kind === "postgres" ? /The database of DATABASE_URL is not empty/ : /already holds an embedded database|The embedded database in .+ is in use by process \d+/,
    );
    if (target.kind === "pglite") expect(fs.readdirSync(target.dataDir).sort()).toEqual(["briefs.lock", "pgdata"]);
    const titles = await withDb(target, async (db) => (await db.query(`SELECT title FROM "Brief" ORDER BY title`)).map((r) => r.title));
    expect(titles).toEqual(["Order tracking page", "Pay with a saved card"]);
  });
});
