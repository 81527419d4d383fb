import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupPgliteFolder, backupPostgres } from "@/lib/backup/backup-database";
import { ArchiveRefusedError, verifyArchive } from "@/lib/backup/read-archive";
import { restoreArchive } from "@/lib/backup/restore-archive";
import { readMigrationFiles } from "@/lib/db/migration-files";
import {
  admin,
  cleanUp,
  contentsOf,
  emptyTarget,
  expectUntouched,
  kind,
  manifestOf,
  pack,
  reseal,
  rowsOf,
  seededDatabase,
  tempDir,
  unpack,
  withDb,
  withRows,
  type Entry,
  type Target,
} from "./support";

describe(`restore into the ${kind} database`, () => {
  let source: Target;
  let good: string;
  let entries: Entry[];
  let dir: string;

  beforeAll(async () => {
    source = await seededDatabase();
    dir = tempDir();
    good = path.join(dir, "good.tar.gz");
    if (source.kind === "postgres") await backupPostgres(source.url, good);
    else await backupPgliteFolder(path.join(source.dataDir, "pgdata"), good);
    entries = await unpack(good);
  });
  afterAll(cleanUp);

  const file = (name: string, bytes: Buffer | string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, bytes);
    return at;
  };
  const briefsIn = (target: Target) => withDb(target, async (db) => (await db.query(`SELECT title FROM "Brief" ORDER BY title`)).map((r) => r.title));

  describe("refuses, writing nothing,", () => {
    it("a database that already holds data, which stays as it was", async () => {
      const before = await withDb(source, contentsOf);
      const run = await admin(["restore", good], source);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(kind === "postgres" ? /is not empty \(it has \d+ table\(s\)\)\. A restore goes only into an empty database; nothing was written\./ : /already holds an embedded database\. A restore goes only into an empty folder; nothing was written\./);
      expect(await withDb(source, contentsOf)).toEqual(before);
    });

    it("an archive cut in half", async () => {
      const bytes = fs.readFileSync(good);
      const cut = file("cut.tar.gz", bytes.subarray(0, Math.floor(bytes.length / 2)));
      const target = await emptyTarget();
      const run = await admin(["restore", cut], target);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${cut} is not a whole Briefs backup archive (its compressed data is damaged or cut short). It may be truncated, altered or of another kind.`);
      await expectUntouched(target);
    });

    it("an archive whose last entry, its manifest, never got written", async () => {
      const cut = await pack(path.join(dir, "no-manifest.tar.gz"), entries.slice(0, -1));
      const target = await emptyTarget();
      await expect(restoreArchive(cut, target)).rejects.toThrow(new ArchiveRefusedError(`${cut} has no manifest: it was cut short before it was finished.`));
      await expectUntouched(target);
    });

    it("an archive with one byte of its compressed stream altered", async () => {
      const original = fs.readFileSync(good);
      // From the middle on, the first byte whose change alters what the archive holds: a few bytes
      // of a compressed stream (in its Huffman tables) can change without changing a byte of output.
      let bytes = original;
      for (let at = Math.floor(original.length / 2); bytes === original; at++) {
        const flipped = Buffer.from(original);
        flipped[at] ^= 0xff;
        try {
          zlib.gunzipSync(flipped);
        } catch {
          bytes = flipped;
        }
      }
      const altered = file("flipped.tar.gz", bytes);
      const target = await emptyTarget();
      const refusal = restoreArchive(altered, target);
      await expect(refusal).rejects.toBeInstanceOf(ArchiveRefusedError);
      await expect(refusal).rejects.toThrow(/is not a whole Briefs backup archive \(.+\)\. It may be truncated, altered or of another kind\./);
      await expectUntouched(target);
    });

    it("an archive with one byte of a row altered and compressed again, so that only its SHA-256 tells", async () => {
      const name = entries.find((e) => e.name.startsWith("data/Brief/"))!.name;
      const tarBytes = zlib.gunzipSync(fs.readFileSync(good));
      // The entry's bytes appear once in the tar, right after its header: change one letter of a title.
      const entry = entries.find((e) => e.name === name)!.bytes;
      const at = tarBytes.indexOf(entry) + entry.indexOf("Pay with a saved card");
      expect(at).toBeGreaterThan(entry.indexOf("Pay with a saved card"));
      tarBytes[at] = "X".charCodeAt(0);
      const altered = file("altered-row.tar.gz", zlib.gzipSync(tarBytes));
      expect(rowsOf(await unpack(altered), "Brief").join("\n")).toContain("Xay with a saved card");

      const target = await emptyTarget();
      await expect(restoreArchive(altered, target)).rejects.toThrow(
        new ArchiveRefusedError(`${altered} fails its SHA-256 check: some of its bytes were altered since it was written. Nothing was restored.`),
      );
      await expectUntouched(target);
    });

    it("an altered row whose entry the manifest was edited to match, without the archive's seal", async () => {
      const briefs = rowsOf(entries, "Brief").map((row) => row.replace("Pay with a saved card", "Pay with a stolen card"));
      const edited = withRows(entries, entries.find((e) => e.name.startsWith("data/Brief/"))!.name, briefs);
      const resealed = reseal(edited);
      const manifest = { ...manifestOf(resealed), sha256: manifestOf(entries).sha256 };
      const forged = await pack(path.join(dir, "forged.tar.gz"), [...resealed.slice(0, -1), { name: "manifest.json", bytes: Buffer.from(JSON.stringify(manifest)) }]);
      const target = await emptyTarget();
      await expect(restoreArchive(forged, target)).rejects.toThrow(/fails its SHA-256 check/);
      await expectUntouched(target);
    });

    it.each([
      ["a text file", () => file("notes.txt", "These are not the backups you are looking for.\n"), /is not a whole Briefs backup archive \(its compressed data is damaged or cut short\)/],
      ["an empty file", () => file("empty.tar.gz", ""), /is not a (whole )?Briefs backup archive/],
      ["a .tar.gz of something else", () => pack(path.join(dir, "photos.tar.gz"), [{ name: "holiday/beach.txt", bytes: Buffer.from("sand\n") }]), /is not a Briefs backup: it holds an unexpected entry "holiday\/beach\.txt"\./],
      ["an empty .tar.gz", () => pack(path.join(dir, "nothing.tar.gz"), []), /is not a Briefs backup archive\./],
      ["a .tar.gz with a manifest of something else", () => pack(path.join(dir, "npm.tar.gz"), [{ name: "manifest.json", bytes: Buffer.from('{"name":"left-pad"}') }]), /has a manifest this code cannot read: it is altered or not a Briefs backup\./],
    ])("%s", async (_, make, message) => {
      const notAnArchive = await make();
      const target = await emptyTarget();
      const refusal = restoreArchive(notAnArchive, target);
      await expect(refusal).rejects.toBeInstanceOf(ArchiveRefusedError);
      await expect(refusal).rejects.toThrow(message);
      await expectUntouched(target);
    });

    it("a file that does not exist", async () => {
      const target = await emptyTarget();
      const missing = path.join(dir, "nowhere.tar.gz");
      await expect(restoreArchive(missing, target)).rejects.toThrow(new ArchiveRefusedError(`${missing} does not exist.`));
      await expectUntouched(target);
    });

    it("an archive made by a newer version of Briefs, whose schema has a migration this code does not know, saying so", async () => {
      const ours = readMigrationFiles().map((f) => f.name);
      const future = "29991231000000_from_the_future";
      const newer = await pack(
        path.join(dir, "newer.tar.gz"),
        reseal(entries, (m) => ({ ...m, appVersion: "9.0.0", migrations: [...m.migrations, future], lastMigration: future })),
      );
      // Sealed correctly: the archive itself is whole.
      expect((await verifyArchive(newer)).lastMigration).toBe(future);

      const target = await emptyTarget();
      const run = await admin(["restore", newer], target);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `This archive was made by a newer version of Briefs: its schema includes ${future}, which this code does not know (its last migration is ${ours.at(-1)}). Upgrade Briefs, then restore.`,
      );
      await expectUntouched(target);
    });

    it("an archive written in a newer backup format", async () => {
      const newer = await pack(path.join(dir, "format-2.tar.gz"), reseal(entries, (m) => ({ ...m, formatVersion: 2 })));
      const target = await emptyTarget();
      await expect(restoreArchive(newer, target)).rejects.toThrow(/was written in backup format 2, by a newer version of Briefs; this one reads format 1\. Upgrade Briefs to restore it\./);
      await expectUntouched(target);
    });

    it("an archive whose migrations do not follow this code's history", async () => {
      const skipped = await pack(path.join(dir, "skipped.tar.gz"), reseal(entries, (m) => ({ ...m, migrations: m.migrations.slice(1) })));
      const target = await emptyTarget();
      await expect(restoreArchive(skipped, target)).rejects.toThrow(/do not follow this code's history/);
      await expectUntouched(target);
    });
  });

  describe("that fails halfway through loading", () => {
    /** A correctly sealed archive whose rows break the schema only once they are in the database. */
    const bad = async (name: string, table: string, change: (rows: string[]) => string[]) => {
      const entry = entries.find((e) => e.name.startsWith(`data/${table}/`))!;
      return pack(path.join(dir, name), reseal(withRows(entries, entry.name, change(rowsOf(entries, table)))));
    };

    it("on a version of a brief that does not exist, leaves the database empty, and a good archive then restores into it", async () => {
      const orphan = await bad("orphan.tar.gz", "BriefVersion", (rows) => [...rows, JSON.stringify({ ...JSON.parse(rows[0]), id: crypto.randomUUID(), briefId: crypto.randomUUID() })]);
      await verifyArchive(orphan);
      const target = await emptyTarget();
      const run = await admin(["restore", orphan], target);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/violates foreign key constraint "BriefVersion_briefId_fkey"/);
      await expectUntouched(target);

      const restored = await admin(["restore", good], target);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(await briefsIn(target)).toEqual(["Order tracking page", "Pay with a saved card"]);
    });

    it("on a value of the wrong type, leaves an existing empty folder or database empty", async () => {
      const wrongType = await bad("wrong-type.tar.gz", "Brief", (rows) => rows.map((row, i) => (i === 1 ? row.replace(/"versionNum":\d+/, '"versionNum":"many"') : row)));
      const target = await emptyTarget();
      if (target.kind === "pglite") fs.mkdirSync(target.dataDir);
      await expect(restoreArchive(wrongType, target)).rejects.toThrow(/invalid input syntax for type integer: "many"/);
      await expectUntouched(target, true);
    });

    it("on the same row twice, leaves the database empty", async () => {
      const twice = await bad("twice.tar.gz", "Project", (rows) => [...rows, rows[0]]);
      const target = await emptyTarget();
      await expect(restoreArchive(twice, target)).rejects.toThrow(/duplicate key value violates unique constraint "Project_pkey"/);
      await expectUntouched(target);
    });

    it("on a table the archive's own schema does not have, leaves the database empty", async () => {
      const extra = await pack(
        path.join(dir, "extra-table.tar.gz"),
        reseal([{ name: "data/Intruder/000001.ndjson", bytes: Buffer.from('{"id":1}\n') }, ...entries], (m) => ({
          ...m,
          tables: [{ name: "Intruder", rows: 1, entries: [{ name: "data/Intruder/000001.ndjson", rows: 1, bytes: 9, sha256: "" }] }, ...m.tables],
        })),
      );
      const target = await emptyTarget();
      await expect(restoreArchive(extra, target)).rejects.toThrow(new ArchiveRefusedError("The archive holds table(s) its own schema lacks (Intruder): it is not one this code wrote."));
      await expectUntouched(target);
    });
  });
});
