import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import tar from "tar-stream";
import { expect } from "vitest";
import { ArchiveHash, MANIFEST_ENTRY, sha256, type Manifest, type UnsealedManifest } from "@/lib/backup/archive-manifest";
import type { RestoreTarget } from "@/lib/backup/restore-archive";
import { expectedApprovalHash, expectedVersionHash } from "../support/briefs";
import { withClient } from "../support/fresh-database";
import { runTsx } from "../support/spawn-tsx";

/**
 * Helpers of the backup suites: throwaway databases of either kind that child processes of the app
 * fill through its own services, a plain SQL view of any of them, and archives taken apart and put
 * back together (with or without a correct seal) for the refusal tests.
 */

export const kind = process.env.BRIEFS_TEST_DB === "postgres" ? "postgres" : "pglite";
/** PostgreSQL is at hand for throwaway databases (on the postgres project always; on the embedded one when configured). */
export const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL);

export type Target = RestoreTarget;

const cleanups: Array<() => Promise<void> | void> = [];

/** Removes every folder and database this file made (call from afterAll). */
export async function cleanUp(): Promise<void> {
  for (const clean of cleanups.splice(0).reverse()) await clean();
}

export function tempDir(prefix = "briefs-backup-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database: a PostgreSQL database of its own, or a data folder path that does not exist yet. */
export async function emptyTarget(which: "postgres" | "pglite" = kind): Promise<Target> {
  if (which === "pglite") return { kind: "pglite", dataDir: path.join(tempDir(), "data") };
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `briefs_backup_${crypto.randomBytes(5).toString("hex")}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  cleanups.push(() => withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { kind: "postgres", url: url.toString() };
}

/**
 * The environment that points an app process at `target`. AUTH_SECRET is left unset, so the server
 * secret is the one the database keeps, as on an installation that never set it.
 */
export function envFor(target: Target): Record<string, string | undefined> {
  return target.kind === "postgres"
    ? { DATABASE_URL: target.url, BRIEFS_DATA_DIR: undefined, AUTH_SECRET: undefined }
    : { DATABASE_URL: undefined, BRIEFS_DATA_DIR: target.dataDir, AUTH_SECRET: undefined };
}

export function admin(args: string[], target: Target) {
  return runTsx("scripts/admin.ts", args, envFor(target));
}

/** A database of the demo seed, made by the app's own seed script. */
export async function seededDatabase(which: "postgres" | "pglite" = kind): Promise<Target> {
  const target = await emptyTarget(which);
  const run = await runTsx("scripts/db-seed.ts", [], envFor(target));
  expect(run.stderr).toBe("");
  expect(run.stdout).toContain("Added the demo project with two briefs.");
  return target;
}


export type Db = { query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>; close(): Promise<void> };

/** Plain SQL on a database no app process holds (an embedded folder is opened in this process). */
export async function openDb(target: Target): Promise<Db> {
  if (target.kind === "postgres") {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return { query: async (sql, params) => (await client.query(sql, params)).rows, close: () => client.end() };
  }
  const db = await PGlite.create(path.join(target.dataDir, "pgdata"));
  return { query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, close: () => db.close() };
}

export async function withDb<T>(target: Target, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(target);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** What a user would call "the database": every row of every table, as PostgreSQL's own JSON text, sorted. */
export type Contents = {
  tables: Record<string, string[]>;
  sequences: Record<string, string | null>;
  migrations: Array<{ name: string; checksum: string }>;
};

export async function contentsOf(db: Db): Promise<Contents> {
  const names = (
    await db.query(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations' ORDER BY 1`,
    )
  ).map((r) => String(r.name));
  const tables: Record<string, string[]> = {};
  for (const name of names) tables[name] = (await db.query(`SELECT row_to_json(t)::text AS j FROM "${name}" t`)).map((r) => String(r.j)).sort();
  const sequences = Object.fromEntries(
    (await db.query(`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`)).map((r) => [
      String(r.name),
      r.value === null ? null : String(r.value),
    ]),
  );
  const migrations = (
    await db.query(`SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1`)
  ).map((r) => ({ name: String(r.migration_name), checksum: String(r.checksum) }));
  return { tables, sequences, migrations };
}

/** Relations, functions and types in the public schema: all zero for a database nothing was restored into. */
export async function schemaObjects(target: Target): Promise<{ relations: number; functions: number; types: number }> {
  if (target.kind === "pglite") throw new Error("an embedded target is checked by its folder");
  return withDb(target, async (db) => {
    const [row] = await db.query(
      `SELECT (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public') AS relations,
              (SELECT count(*)::int FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public') AS functions,
              (SELECT count(*)::int FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public') AS types`,
    );
    return { relations: Number(row.relations), functions: Number(row.functions), types: Number(row.types) };
  });
}

/**
 * Asserts that a target nothing was restored into is as it was: a PostgreSQL database with nothing in its
 * public schema; an embedded data folder that does not exist (or, if it did, holds no database and
 * no half-built one: at most the lock file the restore took).
 */
export async function expectUntouched(target: Target, folderExisted = false): Promise<void> {
  if (target.kind === "postgres") {
    expect(await schemaObjects(target)).toEqual({ relations: 0, functions: 0, types: 0 });
    return;
  }
  if (!folderExisted) {
    expect(fs.existsSync(target.dataDir)).toBe(false);
    return;
  }
  expect(fs.readdirSync(target.dataDir).filter((name) => name !== "briefs.lock")).toEqual([]);
}

export type History = { versionNum: number; contents: Map<number, Record<string, unknown>> };

/**
 * Checks every brief of a database the way a reader of its history would: versions numbered 1..N
 * without a gap, each version's stored hashes equal to those recomputed from its content (and each
 * section blob to its text), and the brief's current version the latest of them. Returns every
 * version's content.
 */
export async function checkHistories(db: Db): Promise<Map<string, History>> {
  const blobs = new Map((await db.query(`SELECT hash, json FROM "ContentBlob"`)).map((r) => [String(r.hash), String(r.json)]));
  for (const [hash, json] of blobs) expect(crypto.createHash("sha256").update(json).digest("hex"), `blob ${hash}`).toBe(hash);
  const briefs = await db.query(`SELECT id, "versionNum", "currentVersionHash", "approvalHash" FROM "Brief"`);
  const versions = await db.query(
    `SELECT "briefId", "versionNum", hash, "approvalHash", sections::text AS sections FROM "BriefVersion" ORDER BY "briefId", "versionNum"`,
  );
  const byBrief = new Map<string, Array<Record<string, unknown>>>();
  for (const v of versions) byBrief.set(String(v.briefId), [...(byBrief.get(String(v.briefId)) ?? []), v]);
  const histories = new Map<string, History>();
  for (const brief of briefs) {
    const id = String(brief.id);
    const rows = byBrief.get(id) ?? [];
    expect(
      rows.map((v) => Number(v.versionNum)),
      `versions of brief ${id}`,
    ).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(Number(brief.versionNum), `current version of brief ${id}`).toBe(rows.length);
    const contents = new Map<number, Record<string, unknown>>();
    for (const v of rows) {
      const content: Record<string, unknown> = {};
      for (const [key, hash] of JSON.parse(String(v.sections)) as Array<[string, string]>) {
        const json = blobs.get(hash);
        expect(json, `blob ${hash} of ${id} v${v.versionNum}`).toBeDefined();
        Object.defineProperty(content, key, { value: JSON.parse(json!), enumerable: true, writable: true, configurable: true });
      }
      expect(v.hash, `hash of ${id} v${v.versionNum}`).toBe(expectedVersionHash(content));
      expect(v.approvalHash, `approval hash of ${id} v${v.versionNum}`).toBe(expectedApprovalHash(content));
      contents.set(Number(v.versionNum), content);
    }
    const latest = rows.at(-1);
    if (brief.currentVersionHash !== null) expect(brief.currentVersionHash, `current hash of ${id}`).toBe(latest?.hash);
    if (brief.approvalHash !== null) expect(brief.approvalHash, `approval hash of ${id}`).toBe(latest?.approvalHash);
    histories.set(id, { versionNum: rows.length, contents });
  }
  const briefIds = new Set(briefs.map((b) => String(b.id)));
  expect([...byBrief.keys()].filter((id) => !briefIds.has(id)), "versions without a brief").toEqual([]);
  return histories;
}

// ---------------------------------------------------------------------------------------------
// Archives taken apart and put back together, independently of lib/backup's reader.

export type Entry = { name: string; bytes: Buffer };

export async function unpack(file: string): Promise<Entry[]> {
  const extract = tar.extract();
  const entries: Entry[] = [];
  const done = new Promise<void>((resolve, reject) => {
    extract.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c) => chunks.push(c as Buffer));
      stream.on("end", () => {
        entries.push({ name: header.name, bytes: Buffer.concat(chunks) });
        next();
      });
    });
    extract.on("finish", resolve);
    extract.on("error", reject);
  });
  extract.end(zlib.gunzipSync(fs.readFileSync(file)));
  await done;
  return entries;
}

/** A gzip-compressed tar of `entries`, in order: what any tar tool would make of them. */
export async function pack(file: string, entries: Entry[]): Promise<string> {
  const packer = tar.pack();
  const chunks: Buffer[] = [];
  packer.on("data", (c) => chunks.push(c as Buffer));
  const ended = new Promise<void>((resolve, reject) => {
    packer.on("end", resolve);
    packer.on("error", reject);
  });
  for (const { name, bytes } of entries) {
    await new Promise<void>((resolve, reject) => packer.entry({ name, size: bytes.byteLength, mode: 0o600 }, bytes, (e) => (e ? reject(e) : resolve())));
  }
  packer.finalize();
  await ended;
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(chunks)));
  return file;
}

export function manifestOf(entries: Entry[]): Manifest {
  const manifest = entries.find((e) => e.name === MANIFEST_ENTRY);
  if (!manifest) throw new Error("no manifest");
  return JSON.parse(manifest.bytes.toString("utf8")) as Manifest;
}

/**
 * The archive as its writer would have sealed it: each data entry's rows, size and SHA-256 and each
 * table's counts taken from the entries as they now are, the manifest edited by `edit`, and the
 * archive's SHA-256 computed over all of it (lib/backup/archive-manifest.ts ArchiveHash).
 */
export function reseal(entries: Entry[], edit: (manifest: UnsealedManifest) => UnsealedManifest = (m) => m): Entry[] {
  const { sha256: _old, ...old } = manifestOf(entries);
  void _old;
  const edited = edit(old);
  const data = entries.filter((e) => e.name !== MANIFEST_ENTRY);
  const facts = new Map(data.map((e) => [e.name, { rows: e.bytes.toString("utf8").split("\n").length - 1, bytes: e.bytes.byteLength, sha256: sha256(e.bytes) }]));
  const tables = edited.tables.map((t) => {
    const tableEntries = t.entries.map((e) => ({ name: e.name, ...facts.get(e.name)! }));
    return { ...t, entries: tableEntries, rows: tableEntries.reduce((n, e) => n + e.rows, 0) };
  });
  const unsealed: UnsealedManifest = { ...edited, tables, rowCounts: Object.fromEntries(tables.map((t) => [t.name, t.rows])) };
  const hash = new ArchiveHash();
  for (const e of data) hash.addEntry(e.name, e.bytes);
  const manifest: Manifest = { ...unsealed, sha256: hash.seal(unsealed) };
  return [...data, { name: MANIFEST_ENTRY, bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) }];
}

/** Replaces a data entry's rows (one JSON text a line). */
export function withRows(entries: Entry[], name: string, rows: string[]): Entry[] {
  if (!entries.some((e) => e.name === name)) throw new Error(`no entry ${name}`);
  return entries.map((e) => (e.name === name ? { name, bytes: Buffer.from(rows.map((r) => `${r}\n`).join("")) } : e));
}

export function rowsOf(entries: Entry[], table: string): string[] {
  return entries
    .filter((e) => e.name.startsWith(`data/${table}/`))
    .flatMap((e) => e.bytes.toString("utf8").split("\n").filter(Boolean));
}

/** Files left beside an archive by writers that did not finish: hidden `.<name>.<pid>.<random>.partial`. */
export function partialsIn(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => name.endsWith(".partial"));
}

// ---------------------------------------------------------------------------------------------
// A long-running child that is talked to line by line.

const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");

export type LineChild = {
  child: ChildProcess;
  /** Every stdout line so far, with the moment this process read it. */
  lines: Array<{ text: string; at: number }>;
  stderr(): string;
  /** Resolves with the first line (from the start) that satisfies `test`. */
  nextLine(test: (line: string) => boolean): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function spawnLines(script: string, args: string[], env: Record<string, string | undefined>): LineChild {
  const child = spawn(tsx, [script, ...args], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  const lines: LineChild["lines"] = [];
  const waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void; reject: (e: Error) => void }> = [];
  let partial = "";
  let errors = "";
  child.stderr!.on("data", (d) => (errors += d));
  child.stdout!.on("data", (d) => {
    partial += d;
    const parts = partial.split("\n");
    partial = parts.pop()!;
    for (const text of parts) {
      lines.push({ text, at: performance.now() });
      for (const w of waiters.filter((w) => w.test(text))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(text);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => {
      for (const w of waiters.splice(0)) w.reject(new Error(`${script} exited (${code ?? signal}) first: ${errors}`));
      resolve({ code, signal });
    }),
  );
  // A test that failed before stopping it leaves no writer running.
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  });
  return {
    child,
    lines,
    stderr: () => errors,
    exited,
    nextLine: (test) => {
      const seen = lines.find((l) => test(l.text));
      if (seen) return Promise.resolve(seen.text);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.reject(new Error(`${script} has exited: ${errors}`));
      return new Promise((resolve, reject) => waiters.push({ test, resolve, reject }));
    },
  };
}
