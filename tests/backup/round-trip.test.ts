import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupPgliteFolder, backupPostgres } from "@/lib/backup/backup-database";
import { verifyArchive } from "@/lib/backup/read-archive";
import { restoreArchive } from "@/lib/backup/restore-archive";
import { runTsx } from "../support/spawn-tsx";
import {
  admin,
  checkHistories,
  cleanUp,
  contentsOf,
  emptyTarget,
  envFor,
  kind,
  partialsIn,
  postgresAvailable,
  rowsOf,
  tempDir,
  unpack,
  withDb,
  type Contents,
  type Target,
} from "./support";

type Populated = {
  token: string;
  label: string;
  briefId: string;
  fileId: string;
  fileSha256: string;
  webhookId: string;
  webhookSecret: string;
  view: { brief: { versionNum: number } };
};

const other = kind === "postgres" ? "pglite" : "postgres";

describe(`a backup of the ${kind} database, restored`, () => {
  let source: Target;
  let populated: Populated;
  let archive: string;
  let before: Contents;

  beforeAll(async () => {
    source = await emptyTarget();
    const filled = await runTsx("tests/backup/populate.ts", [], envFor(source));
    expect(filled.stderr).toBe("");
    expect(filled.code).toBe(0);
    populated = JSON.parse(filled.stdout.trim().split("\n").at(-1)!) as Populated;
    archive = path.join(tempDir(), "briefs.tar.gz");
    const backup = await admin(["backup", "--out", archive], source);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`to ${archive}`);
    before = await withDb(source, contentsOf);
  });
  afterAll(cleanUp);

  it("is one sealed archive, readable by its owner only, that holds every row of every table", async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(partialsIn(path.dirname(archive))).toEqual([]);
    const manifest = await verifyArchive(archive);
    expect(manifest.source).toBe(kind);
    expect(manifest.migrations).toEqual(before.migrations.map((m) => m.name));
    expect(manifest.rowCounts).toEqual(Object.fromEntries(Object.entries(before.tables).map(([t, rows]) => [t, rows.length])));
    expect(manifest.rowCounts.Brief).toBe(5);
    // Two from populate.ts, one the demo's screenshot.
    expect(manifest.rowCounts.EvidenceFile).toBe(3);
    const entries = await unpack(archive);
    expect(entries.at(-1)!.name).toBe("manifest.json");
    for (const table of Object.keys(before.tables)) expect(rowsOf(entries, table).sort(), table).toEqual(before.tables[table]);
  });

  /**
   * Everything a user relies on after a restore: the same rows, byte for byte (evidence files and
   * odd text included); hashes that still match every version; numbering that goes on where it
   * stopped; the token made before the backup still letting its holder in; the brief reading as it
   * did; and the server secret, so a webhook's sealed signing secret still opens.
   */
  async function expectFaithful(target: Target) {
    const after = await withDb(target, async (db) => {
      await checkHistories(db);
      return contentsOf(db);
    });
    expect(Object.keys(after.tables)).toEqual(Object.keys(before.tables));
    for (const table of Object.keys(before.tables)) expect(after.tables[table], table).toEqual(before.tables[table]);
    expect(after.sequences).toEqual(before.sequences);
    expect(after.migrations).toEqual(before.migrations);

    const used = await runTsx("tests/backup/use-restored.ts", [populated.token, populated.briefId, populated.fileId, populated.webhookId], envFor(target));
    expect(used.stderr).toBe("");
    expect(used.code).toBe(0);
    const result = JSON.parse(used.stdout.trim().split("\n").at(-1)!);
    expect(result.authenticated).toBe(true);
    expect(result.label).toBe(populated.label);
    expect(result.view).toEqual(populated.view);
    expect(result.tickedVersion).toBe(populated.view.brief.versionNum + 1);
    const lastSeq = Math.max(...before.tables.OutboxEvent.map((row) => Number(JSON.parse(row).seq)));
    expect(result.event.versionNum).toBe(result.tickedVersion);
    expect(Number(result.event.seq)).toBeGreaterThan(lastSeq);
    expect(result.fileSha256).toBe(populated.fileSha256);
    expect(result.webhookSecret).toBe(populated.webhookSecret);
  }

  it(`with the admin command into an empty ${kind} database, is the database it was`, async () => {
    const target = await emptyTarget();
    const restored = await admin(["restore", archive], target);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${archive} into`);
    expect(restored.stdout).toContain("5 brief(s)");

    // The restored database backs up again to the same rows.
    const again = path.join(tempDir(), "again.tar.gz");
    if (target.kind === "postgres") await backupPostgres(target.url, again);
    else await backupPgliteFolder(path.join(target.dataDir, "pgdata"), again);
    const [first, second] = [await unpack(archive), await unpack(again)];
    for (const table of Object.keys(before.tables)) expect(rowsOf(second, table).sort(), table).toEqual(rowsOf(first, table).sort());

    await expectFaithful(target);
  });

  it.runIf(postgresAvailable)(`into an empty ${other} database, is the database it was`, async () => {
    const target = await emptyTarget(other);
    const report = await restoreArchive(archive, target);
    expect(report.migratedForward).toEqual([]);
    await expectFaithful(target);
  });
});
