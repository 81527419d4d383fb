import crypto from "node:crypto";
import pg from "pg";
import { freePort, startAppServer, waitForHealth, type AppServer } from "../../tests/support/app-server";
import { serverLogFile } from "./servers";

/** PostgreSQL for the specs that need several instances: CI and `npm test` on a machine with it set. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

export type Instances = {
  origins: string[];
  /** Ends every listening connection of the instances (as a failover or a killed backend would). */
  terminateListeners(): Promise<number>;
  stop(): Promise<void>;
};

export async function onDatabase<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * `count` instances of the built app on one fresh PostgreSQL database, as behind a load balancer,
 * with the main e2e server's settings. Their output goes to the file the mail helpers read
 * (e2e/support/mail-log.ts), so sign-up works on them as on the main server.
 */
export async function startInstancesOnPostgres(count: number): Promise<Instances> {
  const admin = postgresUrl!;
  const name = `briefs_e2e_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  await onDatabase(admin, `CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const servers: AppServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await onDatabase(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    const origins: string[] = [];
    // One after the other: the first applies the migrations.
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const env = {
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: databaseUrl,
        APP_URL: origin,
        AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        BRIEFS_SEED_DEMO: "0",
        BRIEFS_SIGNUP: "open",
        BRIEFS_RATE_LIMITS: "sign-up-address=1000/1h",
        SMTP_URL: "",
      };
      const server = startAppServer(port, env, serverLogFile(origin));
      servers.push(server);
      await waitForHealth(server, origin);
      origins.push(origin);
    }
    return {
      origins,
      async terminateListeners() {
        const rows = await onDatabase<{ ended: boolean }>(
          databaseUrl,
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'briefs-live' AND datname = current_database()`,
        );
        return rows.filter((row) => row.ended).length;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
