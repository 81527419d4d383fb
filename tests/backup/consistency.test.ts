import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupPostgres } from "@/lib/backup/backup-database";
import { verifyArchive } from "@/lib/backup/read-archive";
import { restoreArchive } from "@/lib/backup/restore-archive";
import { collect, spawnTsx } from "../support/spawn-tsx";
import { checkHistories, cleanUp, emptyTarget, envFor, kind, spawnLines, tempDir, withDb, type LineChild, type Target } from "./support";

/** Must match tests/backup/writer.ts. */
const BRIEFS = 3;
const ROWS = 4;

type Write = { briefId: string; row: number; checked: boolean; versionNum: number; startedAt: number; ackedAt: number; seenAt: number };

const now = () => performance.timeOrigin + performance.now();

function writesOf(writers: LineChild[]): Write[] {
  return writers.flatMap((w) =>
    w.lines
      .filter((l) => l.text.startsWith("ack "))
      .map((l) => {
        const [, briefId, row, checked, versionNum, startedAt, ackedAt] = l.text.split(" ");
        return { briefId, row: Number(row), checked: checked === "true", versionNum: Number(versionNum), startedAt: Number(startedAt), ackedAt: Number(ackedAt), seenAt: performance.timeOrigin + l.at };
      }),
  );
}

/** Waits until the writers together have acknowledged `count` more writes than `after` (a condition, not a time). */
async function acknowledged(writers: LineChild[], count: number): Promise<void> {
  const acks = () => writers.reduce((n, w) => n + w.lines.filter((l) => l.text.startsWith("ack ")).length, 0);
  const target = acks() + count;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (acks() >= target) return resolve();
      const dead = writers.find((w) => w.child.exitCode !== null);
      if (dead) return reject(new Error(`a writer exited: ${dead.stderr()}`));
      setImmediate(check);
    };
    check();
  });
}

async function stop(writers: LineChild[]): Promise<void> {
  for (const w of writers) w.child.stdin!.end("stop\n");
  for (const w of writers) {
    expect(await w.exited).toEqual({ code: 0, signal: null });
    expect(w.stderr()).toBe("");
    expect(w.lines.at(-1)?.text).toMatch(/^stopped \d+$/);
  }
}

/**
 * Restores the archive into an empty database and checks that it holds one moment of the writers'
 * work: every history whole and matching its hashes, every write acknowledged before the backup began
 * present, none begun after it ended, no write present without every write acknowledged before it
 * began, each row as its last present write left it, and the outbox holding an event for exactly the
 * versions that are there.
 */
async function expectOneMomentOf(archive: string, writes: Write[], backupStartedAt: number, backupEndedAt: number): Promise<{ present: Write[]; absent: Write[] }> {
  const manifest = await verifyArchive(archive);
  const target: Target = await emptyTarget();
  await restoreArchive(archive, target);
  return withDb(target, async (db) => {
    const histories = await checkHistories(db);
    const briefIds = [...new Set(writes.map((w) => w.briefId))];
    expect(briefIds).toHaveLength(BRIEFS);
    const restoredVersion = (briefId: string) => histories.get(briefId)!.versionNum;
    const present = writes.filter((w) => w.versionNum <= restoredVersion(w.briefId));
    const absent = writes.filter((w) => w.versionNum > restoredVersion(w.briefId));

    // Each acknowledged write took one version; every version after the first is one of them.
    for (const id of briefIds) {
      expect(present.filter((w) => w.briefId === id).map((w) => w.versionNum).sort((a, b) => a - b)).toEqual(Array.from({ length: restoredVersion(id) - 1 }, (_, i) => i + 2));
    }
    expect(writes.filter((w) => w.seenAt < backupStartedAt).every((w) => present.includes(w))).toBe(true);
    expect(writes.filter((w) => w.startedAt > backupEndedAt).every((w) => absent.includes(w))).toBe(true);
    // A point in time: nothing is missing that was acknowledged before a present write began
    // (1 ms of slack for the clocks of two processes).
    const latestPresentStart = Math.max(...present.map((w) => w.startedAt));
    expect(absent.filter((w) => w.ackedAt < latestPresentStart - 1)).toEqual([]);

    for (const id of briefIds) {
      const rows = histories.get(id)!.contents.get(restoredVersion(id))!.testingQaChecklist as Array<{ checked: boolean }>;
      for (let row = 0; row < ROWS; row++) {
        const last = present.filter((w) => w.briefId === id && w.row === row).sort((a, b) => b.versionNum - a.versionNum)[0];
        expect(rows[row].checked, `brief ${id} row ${row}`).toBe(last?.checked ?? false);
      }
    }
    const events = await db.query(`SELECT "briefId", max("versionNum")::int AS v, count(*)::int AS n FROM "OutboxEvent" WHERE "briefId" = ANY($1::text[]) GROUP BY 1`, [briefIds]);
    expect(Object.fromEntries(events.map((e) => [e.briefId, e.v]))).toEqual(Object.fromEntries(briefIds.map((id) => [id, restoredVersion(id)])));
    expect(manifest.rowCounts.BriefVersion).toBe([...histories.values()].reduce((n, h) => n + h.versionNum, 0));
    return { present, absent };
  });
}

describe(`a backup of the ${kind} database taken while writers commit`, () => {
  afterAll(cleanUp);

  it.runIf(kind === "postgres")("is one point in time of their work, and no writer waits for it", async () => {
    const source = await emptyTarget();
    // Two app processes, three loops each, on the same three briefs: writes to one brief contend for its row.
    const first = spawnLines("tests/backup/writer.ts", ["new", "0:0,1:0,2:0"], envFor(source));
    const setup = (await first.nextLine((l) => l.startsWith("ready "))).slice("ready ".length);
    const second = spawnLines("tests/backup/writer.ts", [setup, "0:1,1:1,2:1"], envFor(source));
    const writers = [first, second];
    await acknowledged(writers, 30);
    await second.nextLine((l) => l.startsWith("ack "));

    const archive = path.join(tempDir(), "busy.tar.gz");
    const backupStartedAt = now();
    await backupPostgres((source as { url: string }).url, archive);
    const backupEndedAt = now();
    await acknowledged(writers, 10);
    await stop(writers);

    const writes = writesOf(writers);
    const during = writes.filter((w) => w.ackedAt > backupStartedAt && w.ackedAt < backupEndedAt);
    expect(during.length).toBeGreaterThan(0);
    const { absent } = await expectOneMomentOf(archive, writes, backupStartedAt, backupEndedAt);
    // Writes went on committing after the backup's snapshot and before it finished: it held no one up.
    expect(absent.filter((w) => w.ackedAt < backupEndedAt).length).toBeGreaterThan(0);
  });

  it.runIf(kind === "pglite")("through the running server is one point in time of its work, and the server keeps writing meanwhile", async () => {
    const source = await emptyTarget();
    const server = spawnLines("tests/backup/writer.ts", ["new", "0:0,0:1,1:0,2:0"], envFor(source));
    await server.nextLine((l) => l.startsWith("ready "));
    await acknowledged([server], 20);

    const archive = path.join(tempDir(), "busy.tar.gz");
    const backupStartedAt = now();
    const backup = await collect(spawnTsx("scripts/admin.ts", ["backup", "--out", archive], envFor(source)));
    const backupEndedAt = now();
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("(embedded, through the running server)");
    await acknowledged([server], 10);
    await stop([server]);

    const writes = writesOf([server]);
    expect(writes.filter((w) => w.ackedAt > backupStartedAt && w.ackedAt < backupEndedAt).length).toBeGreaterThan(0);
    const { absent } = await expectOneMomentOf(archive, writes, backupStartedAt, backupEndedAt);
    expect(absent.filter((w) => w.ackedAt < backupEndedAt).length).toBeGreaterThan(0);
  });
});
