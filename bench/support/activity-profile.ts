/**
 * Where a backup or restore spends its time, seen from the database: pg_stat_activity of one
 * database sampled every few hundred ms on a connection of its own, each sample put in one bucket —
 * what the command's backend was doing (which statement, on which table), waiting for the client
 * (between statements inside its transaction, or blocked sending rows the client has not read yet),
 * or no backend at all yet (the process starting, or reading the archive before it connects). The
 * share of samples in each bucket, times the run's wall time, is that phase's time.
 */
import pg from "pg";

export type Profile = { samples: number; buckets: Map<string, number> };

function bucket(row: { state: string | null; wait_event: string | null; query: string | null }): string {
  // In a transaction or not (pg_restore runs its statements one by one): the database waits for the next.
  if (row.state === "idle in transaction" || row.state === "idle") return "client works, database waits (between statements)";
  if (row.state !== "active") return `connection ${row.state ?? "starting"}`;
  // Without the leading comments a migration's script starts with.
  const query = (row.query ?? "").replace(/^(\s*--[^\n]*\n)+/, "").trim().replace(/\s+/g, " ");
  let m: RegExpExecArray | null;
  if (/^FETCH/i.test(query)) return row.wait_event === "ClientWrite" ? "FETCH, blocked sending to the client" : "FETCH (server reads rows, row_to_json)";
  if (/^COPY .* TO stdout/i.test(query)) {
    m = /^COPY (?:public\.)?"?(\w+)"?/i.exec(query);
    return row.wait_event === "ClientWrite" ? "COPY TO, blocked sending to the client" : `COPY TO (server reads rows)${m ? `: ${m[1]}` : ""}`;
  }
  if ((m = /^COPY (?:public\.)?"?(\w+)"?.* FROM stdin/i.exec(query))) return `COPY FROM: ${m[1]}`;
  if ((m = /^INSERT INTO "(\w+)" SELECT \* FROM json_populate_recordset/i.exec(query))) return `INSERT … json_populate_recordset: ${m[1]}`;
  if (/^ALTER TABLE .* ADD CONSTRAINT .* FOREIGN KEY/i.test(query)) return "foreign keys added (checked)";
  if (/^ALTER TABLE .* ADD CONSTRAINT/i.test(query)) return "primary keys / unique constraints built";
  if (/^CREATE (UNIQUE )?INDEX/i.test(query)) return "indexes built";
  if (/^(CREATE|ALTER|COMMENT|SELECT pg_catalog\.set_config|SET)/i.test(query)) return "schema statements";
  if (/^COMMIT/i.test(query)) return "COMMIT";
  return `other: ${query.slice(0, 40)}`;
}

/**
 * Starts sampling the backends of database `datname` that connect from now on (those already
 * there, such as a pool's, are left out); `stop` returns the profile.
 */
export async function profileActivity(adminUrl: string, datname: string, everyMs = 200): Promise<{ stop(): Promise<Profile> }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const before = (await client.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [datname])).rows.map((r) => r.pid);
  const buckets = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ state: string | null; wait_event: string | null; query: string | null }>(
        `SELECT state, wait_event, left(query, 2000) AS query FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND pid <> ALL($2::int[])`,
        [datname, before],
      );
      const name = rows.length ? bucket(rows[0]) : "no connection (process start-up, or work before connecting / after closing)";
      buckets.set(name, (buckets.get(name) ?? 0) + 1);
      samples++;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      return { samples, buckets };
    },
  };
}

/** Adds `b` into `a`. */
export function mergeProfiles(a: Profile | undefined, b: Profile): Profile {
  if (!a) return { samples: b.samples, buckets: new Map(b.buckets) };
  for (const [k, v] of b.buckets) a.buckets.set(k, (a.buckets.get(k) ?? 0) + v);
  a.samples += b.samples;
  return a;
}
