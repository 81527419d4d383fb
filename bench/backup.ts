/**
 * Backup and restore against PostgreSQL's own tools, on the same database in the same run:
 * `npm run admin -- backup` beside `pg_dump -Fc`, `npm run admin -- restore` beside `pg_restore -d`,
 * alternated; checklist toggles (the service's own updateChecklistItem, in this process) with no
 * backup running, while our backups run back to back, and while pg_dump does (the reference); the
 * backup process's peak memory above its idle (the same backup of a schema-only database); and,
 * unless --no-pglite, the embedded database: the archive restored into a data folder, and that
 * stopped folder backed up.
 *
 *   npx tsx bench/backup.ts                     # 10,000 briefs × 10 versions on postgresql://postgres@127.0.0.1:5432/postgres
 *   BENCH_BRIEFS=1000 npx tsx bench/backup.ts   # a quick run
 *
 * Options (each also as an environment variable): --briefs <BENCH_BRIEFS, 10000>, --versions
 * <BENCH_VERSIONS, versions per brief, 10>, --rounds <BENCH_ROUNDS, backup pairs, 3>,
 * --restore-rounds <BENCH_RESTORE_ROUNDS, restore pairs, 3>, --toggle-seconds <BENCH_TOGGLE_SECONDS,
 * per phase, 15>, --no-pglite (BENCH_PGLITE=0), --pg-url <BENCH_PG_URL>.
 *
 * Both commands run whole, as child processes, timed from spawn to exit: ours as
 * `node --import tsx scripts/admin.ts …` (the pid sampled is the worker itself, no tsx launcher in
 * between). docs/benchmarks.md ("Backup and restore") explains the output. Not part of `npm test`.
 * Exit code 0 when every command succeeded and every restored database holds what the source held.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { applyMigrations } from "../lib/db/apply-migrations";
import { postgresSession } from "../lib/db/sql-sessions";
import { mergeProfiles, profileActivity, type Profile } from "./support/activity-profile";
import { writeCorpus } from "./support/backup-corpus";
import { createBenchDatabase, type BenchDatabase } from "./support/bench-database";
import { smallBriefContent } from "./support/brief-contents";
import { EXIT_MEMORY_HOOK, parentPid, runMeasured, type ChildRun } from "./support/measured-child";
import { onCleanup, runBench, wasInterrupted } from "./support/run-bench";

const ROOT = path.resolve(__dirname, "..");
const TOGGLE_BRIEFS = 4;
const PROJECTS = 10;

// ---------------------------------------------------------------------------------------------
// Options

const { values } = parseArgs({
  strict: true,
  options: {
    "pg-url": { type: "string", default: process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
    briefs: { type: "string", default: process.env.BENCH_BRIEFS ?? "10000" },
    versions: { type: "string", default: process.env.BENCH_VERSIONS ?? "10" },
    rounds: { type: "string", default: process.env.BENCH_ROUNDS ?? "3" },
    "restore-rounds": { type: "string", default: process.env.BENCH_RESTORE_ROUNDS ?? "3" },
    "toggle-seconds": { type: "string", default: process.env.BENCH_TOGGLE_SECONDS ?? "15" },
    "no-pglite": { type: "boolean", default: process.env.BENCH_PGLITE === "0" },
  },
});
const options = {
  pgUrl: values["pg-url"]!,
  briefs: Number(values.briefs),
  versions: Number(values.versions),
  rounds: Number(values.rounds),
  restoreRounds: Number(values["restore-rounds"]),
  toggleSeconds: Number(values["toggle-seconds"]),
  pglite: !values["no-pglite"],
};
for (const name of ["briefs", "versions", "rounds", "restoreRounds"] as const) {
  if (!(Number.isInteger(options[name]) && options[name] >= 1)) throw new Error(`--${name} must be a whole number ≥ 1`);
}
if (!(options.toggleSeconds > 0)) throw new Error("--toggle-seconds must be a positive number");

// ---------------------------------------------------------------------------------------------
// Figures

const MB = 1e6;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
}
const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "n/a");
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "n/a");
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "n/a");
const s1 = (ms: number) => `${f1(ms / 1000)} s`;
const mib = (kib: number) => `${f0(kib / 1024)} MiB`;
const mb = (bytes: number) => `${f1(bytes / MB)} MB`;

async function query<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function migrate(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applyMigrations(postgresSession(client));
  } finally {
    await client.end();
  }
}

type Contents = { briefs: number; versions: number; blobs: number; blobBytes: number; search: number; users: number };

async function contentsOf(url: string): Promise<Contents> {
  const [row] = await query<Record<keyof Contents, string>>(
    url,
    `SELECT (SELECT count(*) FROM "Brief") AS briefs, (SELECT count(*) FROM "BriefVersion") AS versions,
            (SELECT count(*) FROM "ContentBlob") AS blobs, (SELECT coalesce(sum(octet_length(json)), 0) FROM "ContentBlob") AS "blobBytes",
            (SELECT count(*) FROM "BriefSearch") AS search, (SELECT count(*) FROM "User") AS users`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Contents;
}

const sameContents = (a: Contents, b: Contents) => (Object.keys(a) as (keyof Contents)[]).every((k) => a[k] === b[k]);

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  process.chdir(ROOT);
  const cpus = os.cpus();
  const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-bench-backup-"));
  onCleanup("remove the archives", () => fs.rmSync(work, { recursive: true, force: true }));
  const problems: string[] = [];

  // --- the source database: the app's schema, then the corpus
  const source = await createBenchDatabase("postgres", options.pgUrl);
  onCleanup("drop the source database", () => source.close());
  // The service reads its environment once, at first use: set it before loading anything of lib/ that reads it.
  Object.assign(process.env, source.env, { AUTH_SECRET: crypto.randomBytes(32).toString("hex"), BRIEFS_SEED_DEMO: "0", BRIEFS_AUTO_MIGRATE: "0" });
  await migrate(source.location);
  const [{ closeDatabase }, { ensureUser }, { createProject }, { createBrief }, { updateChecklistItem }, { actorLabel }, { allScopes }] = await Promise.all([
    import("../lib/db/client"),
    import("../lib/users/ensure-user"),
    import("../lib/projects/create-project"),
    import("../lib/briefs/create-brief"),
    import("../lib/briefs/update-checklist-item"),
    import("../lib/auth/actor"),
    import("../lib/auth/scopes"),
  ]);
  onCleanup("close the service's database", () => closeDatabase());
  const user = await ensureUser("bench@example.test", "Bench");
  const actor = { userId: user.id, email: user.email, label: actorLabel({ email: user.email, tokenName: "bench" }), door: "mcp" as const, scopes: allScopes };
  const projectIds: string[] = [];
  for (let p = 0; p < PROJECTS; p++) projectIds.push((await createProject(actor, { name: `Backup benchmark ${p}`, idempotencyKey: crypto.randomUUID() })).result.project.id);
  // The briefs the toggles write, made by the service itself.
  type Toggled = { id: string; rows: Array<{ text: string; checked: boolean }>; next: number };
  const toggled: Toggled[] = [];
  for (let i = 0; i < TOGGLE_BRIEFS; i++) {
    const { result } = await createBrief(actor, { projectId: projectIds[i % PROJECTS], title: `Toggled ${i}`, content: smallBriefContent(`toggled ${i}`), idempotencyKey: crypto.randomUUID() });
    const rows = (result.brief.content.testingQaChecklist ?? []).map((r) => ({ text: r.text, checked: r.checked }));
    toggled.push({ id: result.brief.id, rows, next: 0 });
  }

  console.log(`Filling ${source.location}: ${options.briefs} briefs × ${options.versions} versions…`);
  const fillStart = performance.now();
  let reported = 0;
  const fillers = await Promise.all(
    [0, 1].map(async () => {
      const client = new pg.Client({ connectionString: source.location });
      await client.connect();
      return client;
    }),
  );
  const corpus = await writeCorpus(fillers, {
    briefs: options.briefs,
    versionsPerBrief: options.versions,
    projectIds,
    user: { id: user.id, label: actor.label },
    onProgress: (n) => {
      if (n - reported < 2000 && n < options.briefs) return;
      reported = n;
      process.stdout.write(`  ${n} briefs\n`);
    },
  });
  await Promise.all(fillers.map((c) => c.end()));
  // As in steady use, and the same for both tools: statistics gathered, hint bits set, every page
  // cached (autovacuum is off on this server; the first reader after a bulk load would pay for it).
  await query(source.location, "VACUUM (ANALYZE)");
  await query(source.location, "CHECKPOINT");
  const fillMs = performance.now() - fillStart;
  const sourceContents = await contentsOf(source.location);
  const [sizes] = await query<{ db: string; tables: string; blob: string; version: string; search: string }>(
    source.location,
    `SELECT pg_database_size(current_database())::text AS db,
            (SELECT sum(pg_table_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r')::text AS tables,
            pg_total_relation_size('"ContentBlob"')::text AS blob, pg_total_relation_size('"BriefVersion"')::text AS version, pg_total_relation_size('"BriefSearch"')::text AS search`,
  );
  const dbBytes = Number(sizes.db);
  // The server's postmaster: the parent of a backend, read while that backend lives.
  const probe = new pg.Client({ connectionString: source.location });
  await probe.connect();
  const [{ pid: backendPid, version: serverVersion }] = (await probe.query<{ pid: number; version: string }>("SELECT pg_backend_pid() AS pid, version()")).rows;
  const postmaster = parentPid(backendPid);
  await probe.end();
  console.log(
    `  ${s1(fillMs)}: ${corpus.blobs} blobs (${mb(corpus.blobJsonBytes)} of JSON), ${corpus.versions} versions; database ${mb(dbBytes)} ` +
      `(ContentBlob ${mb(Number(sizes.blob))}, BriefVersion ${mb(Number(sizes.version))}, BriefSearch ${mb(Number(sizes.search))}, indexes included)`,
  );

  // --- the commands
  const admin = (...args: string[]) => ["--import", "tsx", "--import", EXIT_MEMORY_HOOK, "scripts/admin.ts", ...args];
  const ours = (out: string, env: Record<string, string | undefined> = { DATABASE_URL: source.location }) =>
    runMeasured(process.execPath, admin("backup", "--out", out), { env, exitReport: true, postmaster });
  const pgDump = (out: string) => runMeasured("pg_dump", ["-Fc", "-f", out, "-d", source.location], { env: {}, postmaster });
  const expectOk = (what: string, run: ChildRun) => {
    if (run.code !== 0) throw new Error(`${what} exited with ${run.code}:\n${run.stdout}\n${run.stderr}`);
    return run;
  };
  const profiled = async (url: string, fn: () => Promise<ChildRun>): Promise<[ChildRun, Profile]> => {
    const sampler = await profileActivity(options.pgUrl, databaseName(url));
    try {
      const run = await fn();
      return [run, await sampler.stop()];
    } catch (error) {
      await sampler.stop().catch(() => {});
      throw error;
    }
  };

  // --- idle: the same command on a database with the schema and nothing else
  console.log(`Idle baseline: backups of an empty database…`);
  const empty = await createBenchDatabase("postgres", options.pgUrl);
  onCleanup("drop the empty database", () => empty.close());
  await migrate(empty.location);
  const idleRuns: ChildRun[] = [];
  for (let i = 0; i < 3; i++) idleRuns.push(expectOk("backup of the empty database", await ours(path.join(work, `empty-${i}.tar.gz`), { DATABASE_URL: empty.location })));
  await empty.close();
  const idleHwmKiB = median(idleRuns.map((r) => r.exit?.hwmKiB ?? r.sampled.hwmKiB));
  const idleMs = median(idleRuns.map((r) => r.ms));

  // --- backups, alternated (ABBA…)
  console.log(`Backups: ${options.rounds} × (ours, pg_dump -Fc), alternated…`);
  const backups = { ours: [] as ChildRun[], dump: [] as ChildRun[] };
  let backupProfile: { ours?: Profile; dump?: Profile } = {};
  const archive = path.join(work, "ours.tar.gz");
  const dumpFile = path.join(work, "pg.dump");
  for (let r = 0; r < options.rounds && !wasInterrupted(); r++) {
    for (const side of r % 2 === 0 ? (["ours", "dump"] as const) : (["dump", "ours"] as const)) {
      const out = side === "ours" ? (r === 0 ? archive : path.join(work, `ours-${r}.tar.gz`)) : r === 0 ? dumpFile : path.join(work, `pg-${r}.dump`);
      const [run, profile] = await profiled(source.location, () => (side === "ours" ? ours(out) : pgDump(out)));
      backups[side].push(expectOk(side === "ours" ? "npm run admin -- backup" : "pg_dump", run));
      backupProfile = { ...backupProfile, [side]: mergeProfiles(backupProfile[side], profile) };
      if (r > 0) fs.rmSync(out, { force: true });
      console.log(`  ${side === "ours" ? "ours   " : "pg_dump"} ${s1(run.ms)}`);
    }
  }
  const archiveBytes = fs.statSync(archive).size;
  const dumpBytes = fs.statSync(dumpFile).size;

  // --- what checking the archive costs on its own (the first of restore's two reads), in this process
  const { verifyArchive } = await import("../lib/backup/read-archive");
  let verifyMs = performance.now();
  await verifyArchive(archive);
  verifyMs = performance.now() - verifyMs;

  // --- restores into fresh empty databases, alternated
  console.log(`Restores: ${options.restoreRounds} × (ours, pg_restore -d), each into a new empty database, alternated…`);
  const restores = { ours: [] as ChildRun[], dump: [] as ChildRun[] };
  let restoreProfile: { ours?: Profile; dump?: Profile } = {};
  for (let r = 0; r < options.restoreRounds && !wasInterrupted(); r++) {
    for (const side of r % 2 === 0 ? (["ours", "dump"] as const) : (["dump", "ours"] as const)) {
      const target: BenchDatabase = await createBenchDatabase("postgres", options.pgUrl);
      onCleanup("drop a restore's database", () => target.close()); // after ^C; dropped below otherwise
      try {
        const [run, profile] = await profiled(target.location, () =>
          side === "ours"
            ? runMeasured(process.execPath, admin("restore", archive), { env: { DATABASE_URL: target.location }, exitReport: true, postmaster })
            : runMeasured("pg_restore", ["-d", target.location, dumpFile], { env: {}, postmaster }),
        );
        restores[side].push(expectOk(side === "ours" ? "npm run admin -- restore" : "pg_restore", run));
        restoreProfile = { ...restoreProfile, [side]: mergeProfiles(restoreProfile[side], profile) };
        const restored = await contentsOf(target.location);
        if (!sameContents(restored, sourceContents)) problems.push(`${side} restore round ${r}: ${JSON.stringify(restored)} ≠ source ${JSON.stringify(sourceContents)}`);
        console.log(`  ${side === "ours" ? "ours      " : "pg_restore"} ${s1(run.ms)}`);
      } finally {
        await target.close();
      }
    }
  }

  // --- toggles with no backup running, while our backups run back to back, and while pg_dump does (the reference)
  console.log(
    `Toggles: ${TOGGLE_BRIEFS} briefs, one client, the service's updateChecklistItem; 2 × (${options.toggleSeconds} s quiet, ` +
      `${options.toggleSeconds} s or more during our backups, as long during pg_dump), in ABC CBA order…`,
  );
  let toggles = 0;
  const toggle = async () => {
    // The briefs in turn, and each brief's rows in turn, each set to the opposite of its value.
    const brief = toggled[toggles++ % TOGGLE_BRIEFS];
    const index = brief.next++ % brief.rows.length;
    const row = brief.rows[index];
    const t0 = performance.now();
    const { result } = await updateChecklistItem(actor, { briefId: brief.id, index, expectedText: row.text, checked: !row.checked, idempotencyKey: crypto.randomUUID() });
    const ms = performance.now() - t0;
    if (!result.brief.createdNewVersion) throw new Error(`A toggle of ${brief.id} changed nothing`);
    row.checked = !row.checked;
    return ms;
  };
  for (let i = 0; i < 60; i++) await toggle(); // warm-up: code, pool, caches
  type Phase = "quiet" | "ours" | "dump";
  const latency: Record<Phase, number[]> = { quiet: [], ours: [], dump: [] };
  const busyRuns: Record<"ours" | "dump", ChildRun[]> = { ours: [], dump: [] };
  const phaseWallMs: Record<Phase, number> = { quiet: 0, ours: 0, dump: 0 };
  const togglesUntil = async (done: () => boolean, into: number[]) => {
    while (!done() && !wasInterrupted()) {
      into.push(await toggle());
      // A person's pace, not a flood: the toggles should not starve the backup of CPU.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  for (const phase of ["quiet", "ours", "dump", "dump", "ours", "quiet"] as const) {
    if (wasInterrupted()) break;
    const t0 = performance.now();
    const end = t0 + options.toggleSeconds * 1000;
    if (phase === "quiet") {
      await togglesUntil(() => performance.now() >= end, latency.quiet);
    } else {
      let loopDone = false;
      const loop = (async () => {
        try {
          // Whole backups, back to back, until the one running when the time is up has finished.
          while (performance.now() < end && !wasInterrupted()) {
            const run = phase === "ours" ? await ours(path.join(work, "busy.tar.gz")) : await pgDump(path.join(work, "busy.dump"));
            busyRuns[phase].push(expectOk(`${phase === "ours" ? "our backup" : "pg_dump"} under toggles`, run));
          }
        } finally {
          loopDone = true;
        }
      })();
      await togglesUntil(() => loopDone, latency[phase]);
      await loop;
    }
    phaseWallMs[phase] += performance.now() - t0;
  }
  fs.rmSync(path.join(work, "busy.tar.gz"), { force: true });
  fs.rmSync(path.join(work, "busy.dump"), { force: true });

  // --- the embedded database: the archive restored into a data folder, then that folder (stopped) backed up
  let pglite: { restore: ChildRun; backups: ChildRun[]; idle: ChildRun; folderBytes: number; archiveBytes: number; contentsOk: boolean } | undefined;
  if (options.pglite && !wasInterrupted()) {
    console.log(`Embedded database: restore the archive into a data folder, then back up the stopped folder twice…`);
    const dataDir = path.join(work, "pglite");
    const env = { DATABASE_URL: undefined, BRIEFS_DATA_DIR: dataDir };
    const restore = expectOk("restore into a PGlite folder", await runMeasured(process.execPath, admin("restore", archive), { env, exitReport: true }));
    console.log(`  restore ${s1(restore.ms)}`);
    // Its idle: the same backup of a folder holding only the schema (the empty database's archive restored).
    const emptyDir = path.join(work, "pglite-empty");
    const emptyEnv = { DATABASE_URL: undefined, BRIEFS_DATA_DIR: emptyDir };
    expectOk("restore of the empty archive into a PGlite folder", await runMeasured(process.execPath, admin("restore", path.join(work, "empty-0.tar.gz")), { env: emptyEnv }));
    const idleRun = expectOk("backup of an empty PGlite folder", await runMeasured(process.execPath, admin("backup", "--out", path.join(work, "pglite-empty.tar.gz")), { env: emptyEnv, exitReport: true }));
    const folderBytes = folderSize(path.join(dataDir, "pgdata"));
    const runs: ChildRun[] = [];
    let lastOut = "";
    for (let i = 0; i < 2 && !wasInterrupted(); i++) {
      lastOut = path.join(work, `pglite-${i}.tar.gz`);
      runs.push(expectOk("backup of a PGlite folder", await runMeasured(process.execPath, admin("backup", "--out", lastOut), { env, exitReport: true })));
      console.log(`  backup ${s1(runs[runs.length - 1].ms)}`);
    }
    const summary = /(\d+) brief\(s\), (\d+) row\(s\)/.exec(runs[runs.length - 1].stdout);
    const ourSummary = /(\d+) brief\(s\), (\d+) row\(s\)/.exec(backups.ours[0].stdout);
    const contentsOk = !!summary && !!ourSummary && summary[1] === ourSummary[1] && summary[2] === ourSummary[2];
    if (!contentsOk) problems.push(`PGlite: the folder's backup holds "${summary?.[0]}", the PostgreSQL one "${ourSummary?.[0]}"`);
    pglite = { restore, backups: runs, idle: idleRun, folderBytes, archiveBytes: fs.statSync(lastOut).size, contentsOk };
  }

  // --- report
  const loadAtEnd = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const oursMs = median(backups.ours.map((r) => r.ms));
  const dumpMs = median(backups.dump.map((r) => r.ms));
  const oursRestoreMs = median(restores.ours.map((r) => r.ms));
  const dumpRestoreMs = median(restores.dump.map((r) => r.ms));
  const backupRatio = dumpMs / oursMs;
  const restoreRatio = dumpRestoreMs / oursRestoreMs;
  const peakKiB = Math.max(...backups.ours.map((r) => r.exit?.hwmKiB ?? r.sampled.hwmKiB));
  const sampledPeakKiB = Math.max(...backups.ours.map((r) => r.sampled.hwmKiB));
  const aboveIdleKiB = peakKiB - idleHwmKiB;
  const restorePeakKiB = Math.max(...restores.ours.map((r) => r.exit?.hwmKiB ?? r.sampled.hwmKiB));
  const dumpPeakKiB = Math.max(...backups.dump.map((r) => r.sampled.hwmKiB));
  const p = (xs: number[], q: number) => percentile(xs, q);
  const toggleRatio = p(latency.ours, 95) / p(latency.quiet, 95);
  const dumpToggleRatio = p(latency.dump, 95) / p(latency.quiet, 95);
  const cores = (runs: ChildRun[], pick: (r: ChildRun) => number | undefined) => runs.reduce((a, r) => a + (pick(r) ?? NaN), 0) / runs.reduce((a, r) => a + r.ms, 0);
  const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
  const rate = (ms: number) => `${f1(dbBytes / MB / (ms / 1000))} MB/s`;
  const cpu = (runs: ChildRun[]) => `${s1(median(runs.map((r) => r.cpuMs)))} + server ${s1(median(runs.map((r) => r.serverCpuMs ?? NaN)))}`;
  const profileLines = (profile: Profile | undefined, wallMs: number) =>
    profile
      ? [...profile.buckets]
          .sort((a, b) => b[1] - a[1])
          .map(([name, n]) => `    ${f0((100 * n) / profile.samples).padStart(3)} %  ≈ ${s1((wallMs * n) / profile.samples).padStart(7)}  ${name}`)
      : [];

  const lines = [
    "",
    `== Backup and restore on ${serverVersion.split(",")[0]}; ${cpus[0]?.model} × ${cpus.length}, ${f1(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    `Load average ${loadAtStart} at start, ${loadAtEnd} at the end; whole run ${s1(performance.now() - started)} (fill ${s1(fillMs)}).`,
    `Database: ${sourceContents.briefs} briefs, ${sourceContents.versions} versions, ${sourceContents.blobs} content blobs (${mb(sourceContents.blobBytes)} of section JSON), ` +
      `${sourceContents.search} search documents; ${mb(dbBytes)} on disk (pg_database_size; tables without indexes ${mb(Number(sizes.tables))}). MB/s below is that size over the wall time.`,
    "",
    "| measure | ours (npm run admin) | PostgreSQL's tool | ours ÷ theirs | target | |",
    "|---|---|---|---|---|---|",
    `| backup, median of ${backups.ours.length} | ${s1(oursMs)}, ${rate(oursMs)} | pg_dump -Fc: ${s1(dumpMs)}, ${rate(dumpMs)} | **${f2(backupRatio)}×** throughput | ≥ 0.5× | ${verdict(backupRatio >= 0.5)} |`,
    `| restore into an empty database, median of ${restores.ours.length} | ${s1(oursRestoreMs)}, ${rate(oursRestoreMs)} | pg_restore -d: ${s1(dumpRestoreMs)}, ${rate(dumpRestoreMs)} | **${f2(restoreRatio)}×** throughput | ≥ 0.5× | ${verdict(restoreRatio >= 0.5)} |`,
    `| file size | ${mb(archiveBytes)} (tar.gz, gzip level 3) | ${mb(dumpBytes)} (custom format, zlib level 6) | ${f2(archiveBytes / dumpBytes)}× | — | |`,
    `| backup process, peak RSS (VmHWM) | ${mib(peakKiB)}; idle ${mib(idleHwmKiB)} → **${mib(aboveIdleKiB)} above idle** | pg_dump ${mib(dumpPeakKiB)} | — | ≤ 150 MiB above idle | ${verdict(aboveIdleKiB <= 150 * 1024)} |`,
    `| toggle p50: quiet → during backups (÷ quiet) | ${f1(p(latency.quiet, 50))} → ${f1(p(latency.ours, 50))} ms (${f2(p(latency.ours, 50) / p(latency.quiet, 50))}×) | during pg_dump: ${f1(p(latency.dump, 50))} ms (${f2(p(latency.dump, 50) / p(latency.quiet, 50))}×) | ${f2(p(latency.ours, 50) / p(latency.dump, 50))}× | — | |`,
    `| toggle p95: quiet → during backups (÷ quiet) | ${f1(p(latency.quiet, 95))} → ${f1(p(latency.ours, 95))} ms (**${f2(toggleRatio)}×**) | during pg_dump: ${f1(p(latency.dump, 95))} ms (${f2(dumpToggleRatio)}×) | ${f2(p(latency.ours, 95) / p(latency.dump, 95))}× | ours ≤ 2× quiet | ${verdict(toggleRatio <= 2)} |`,
    "",
    `Backup runs (wall): ours ${backups.ours.map((r) => s1(r.ms)).join(", ")}; pg_dump ${backups.dump.map((r) => s1(r.ms)).join(", ")}. ` +
      `CPU, median (the command's own, every thread + the whole PostgreSQL server's meanwhile): ours ${cpu(backups.ours)}; pg_dump ${cpu(backups.dump)}.`,
    `Restore runs (wall): ours ${restores.ours.map((r) => s1(r.ms)).join(", ")}; pg_restore ${restores.dump.map((r) => s1(r.ms)).join(", ")}. ` +
      `CPU, median: ours ${cpu(restores.ours)}; pg_restore ${cpu(restores.dump)}. Restore's peak RSS ${mib(restorePeakKiB)}.`,
    `Ours on the empty database (process start, modules, connection, a schema's worth of rows): ${s1(idleMs)}. Checking the archive alone (verifyArchive, in this process): ${s1(verifyMs)}.`,
    `Peak RSS read at exit (hook) ${backups.ours.map((r) => mib(r.exit?.hwmKiB ?? NaN)).join(", ")}; sampled every 20 ms from outside ${mib(sampledPeakKiB)}; RSS when the hook loaded ${mib(median(backups.ours.map((r) => r.exit?.atLoadKiB ?? NaN)))}.`,
    `Toggles: ${latency.quiet.length} quiet (${s1(phaseWallMs.quiet)}), ${latency.ours.length} during ${busyRuns.ours.length} of our backups (${busyRuns.ours.map((r) => s1(r.ms)).join(", ")}), ` +
      `${latency.dump.length} during ${busyRuns.dump.length} pg_dumps (${busyRuns.dump.map((r) => s1(r.ms)).join(", ")}). ` +
      `p99 ${f1(p(latency.quiet, 99))} → ${f1(p(latency.ours, 99))} ms (pg_dump ${f1(p(latency.dump, 99))} ms); max ${f1(Math.max(...latency.quiet))} → ${f1(Math.max(...latency.ours))} ms (pg_dump ${f1(Math.max(...latency.dump))} ms).`,
    `CPUs kept busy meanwhile, as a share of wall time: our backup process ${f2(cores(busyRuns.ours, (r) => r.cpuMs))}, the PostgreSQL server ${f2(cores(busyRuns.ours, (r) => r.serverCpuMs))} ` +
      `(toggles' backend included); pg_dump ${f2(cores(busyRuns.dump, (r) => r.cpuMs))}, the server ${f2(cores(busyRuns.dump, (r) => r.serverCpuMs))}. Of ${cpus.length} CPUs.`,
    "",
    "Where the time goes (pg_stat_activity of the database, sampled every 200 ms, all rounds; time = share × median wall time):",
    `  ours, backup:`,
    ...profileLines(backupProfile.ours, oursMs),
    `  pg_dump:`,
    ...profileLines(backupProfile.dump, dumpMs),
    `  ours, restore:`,
    ...profileLines(restoreProfile.ours, oursRestoreMs),
    `  pg_restore:`,
    ...profileLines(restoreProfile.dump, dumpRestoreMs),
  ];
  if (pglite) {
    const backupMs = median(pglite.backups.map((r) => r.ms));
    const hwm = Math.max(...pglite.backups.map((r) => r.exit?.hwmKiB ?? r.sampled.hwmKiB));
    const idleHwm = pglite.idle.exit?.hwmKiB ?? pglite.idle.sampled.hwmKiB;
    lines.push(
      "",
      `Embedded database (PGlite, in the command's process): data folder ${mb(pglite.folderBytes)} after the restore.`,
      `  restore of the archive into the folder: ${s1(pglite.restore.ms)} (peak RSS ${mib(pglite.restore.exit?.hwmKiB ?? pglite.restore.sampled.hwmKiB)})`,
      `  backup of the stopped folder: ${pglite.backups.map((r) => s1(r.ms)).join(", ")} → ${f1(pglite.folderBytes / MB / (backupMs / 1000))} MB/s of folder, ` +
        `${f2(oursMs / backupMs)}× the PostgreSQL backup's speed; peak RSS ${mib(hwm)}, ${mib(hwm - idleHwm)} above its idle (the backup of a folder holding only the schema: ${mib(idleHwm)}, ${s1(pglite.idle.ms)}); archive ${mb(pglite.archiveBytes)}; ` +
        `same briefs and rows as the PostgreSQL archive: ${pglite.contentsOk ? "yes" : "NO"}`,
    );
  }
  lines.push("", problems.length ? `Checks: FAIL\n  ${problems.join("\n  ")}` : "Checks: PASS (every command exited 0; every restored database holds the source's briefs, versions, blobs and bytes, search rows and users)");
  console.log(lines.join("\n"));
  console.log(
    `RESULT_JSON ${JSON.stringify({
      briefs: sourceContents.briefs,
      versions: sourceContents.versions,
      dbBytes,
      backup: { oursMs: backups.ours.map((r) => r.ms), pgDumpMs: backups.dump.map((r) => r.ms), ratio: backupRatio },
      restore: { oursMs: restores.ours.map((r) => r.ms), pgRestoreMs: restores.dump.map((r) => r.ms), ratio: restoreRatio },
      files: { archiveBytes, dumpBytes },
      memory: { peakKiB, idleHwmKiB, aboveIdleKiB, restorePeakKiB, pgDumpPeakKiB: dumpPeakKiB },
      toggles: {
        ...Object.fromEntries((["quiet", "ours", "dump"] as const).map((k) => [k, { p50: p(latency[k], 50), p95: p(latency[k], 95), p99: p(latency[k], 99), n: latency[k].length }])),
        ratioP95: toggleRatio,
        pgDumpRatioP95: dumpToggleRatio,
      },
      pglite: pglite && { restoreMs: pglite.restore.ms, backupMs: pglite.backups.map((r) => r.ms), peakKiB: Math.max(...pglite.backups.map((r) => r.exit?.hwmKiB ?? NaN)), idleKiB: pglite.idle.exit?.hwmKiB, folderBytes: pglite.folderBytes, archiveBytes: pglite.archiveBytes },
      ok: problems.length === 0,
    })}`,
  );
  return problems.length ? 1 : 0;
}

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderSize(full) : entry.isFile() ? fs.statSync(full).size : 0;
  }
  return total;
}

runBench(main);
