/**
 * A throwaway database for a benchmark run: a new PostgreSQL database on the given server, or a
 * temporary PGlite data folder. `close` drops or removes it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export type BenchDatabase = {
  kind: "pglite" | "postgres";
  /** The app's (and the admin command's) database environment. */
  env: Record<string, string>;
  /** PostgreSQL: the connection string; PGlite: the data folder of the app. */
  location: string;
  describe(): Promise<string>;
  /** Runs one statement on a connection of its own; on PGlite only while no app holds the folder. */
  query<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  close(): Promise<void>;
};

export async function createBenchDatabase(kind: "pglite" | "postgres", pgUrl: string): Promise<BenchDatabase> {
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-bench-"));
    return {
      kind,
      env: { BRIEFS_DATA_DIR: dataDir },
      location: dataDir,
      async describe() {
        const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../node_modules/@electric-sql/pglite/package.json"), "utf8"));
        return `PGlite ${pkg.version} (PostgreSQL in WebAssembly, inside the app process)`;
      },
      async query<T>(sql: string) {
        // The app keeps its holder's record in the lock file while it runs and empties it when it stops.
        const lock = path.join(dataDir, "briefs.lock");
        const holder = fs.existsSync(lock) ? fs.readFileSync(lock, "utf8").trim() : "";
        if (holder) throw new Error(`The embedded database is still held (${holder}).`);
        const db = await PGlite.create(path.join(dataDir, "pgdata"));
        try {
          return (await db.query<T>(sql)).rows;
        } finally {
          await db.close();
        }
      },
      async close() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `briefs_bench_${crypto.randomBytes(5).toString("hex")}`;
  await adminQuery(pgUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const location = url.toString();
  const query = async <T>(sql: string) => {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    kind,
    env: { DATABASE_URL: location },
    location,
    async describe() {
      const [row] = await query<{ version: string; autovacuum: string; sync: string }>(
        "SELECT version(), current_setting('autovacuum') AS autovacuum, current_setting('synchronous_commit') AS sync",
      );
      return `${row.version.split(",")[0]}, autovacuum ${row.autovacuum}, synchronous_commit ${row.sync}`;
    },
    query,
    close: () => adminQuery(pgUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(pgUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
