import { getPrisma } from "@/lib/db/client";
import { readMigrationFiles } from "@/lib/db/migration-files";
import { isShuttingDown } from "./graceful-shutdown";

/** A load balancer asks often: a database that hangs answers "not ready" instead of holding the probe. */
const CHECK_TIMEOUT_MS = 5_000;

let committed: string[] | undefined;
let lastReady: boolean | undefined;

/**
 * Ready to serve: not shutting down, the database answers, and every committed migration is
 * recorded as applied. Only the verdict leaves this function; causes go to the log, and only when
 * the verdict changes, so frequent probes do not flood it.
 */
export async function checkReadiness(): Promise<boolean> {
  let ready = false;
  let cause: unknown;
  if (!isShuttingDown()) {
    try {
      ready = await withTimeout(migrationsApplied(), CHECK_TIMEOUT_MS);
      if (!ready) cause = "migrations are pending";
    } catch (error) {
      cause = error;
    }
  }
  if (ready !== lastReady && !isShuttingDown()) {
    if (ready) console.log("Ready: the database answers and its migrations are applied.");
    else console.warn("Not ready:", cause instanceof Error ? cause.message : cause);
  }
  lastReady = ready;
  return ready;
}

async function migrationsApplied(): Promise<boolean> {
  committed ??= readMigrationFiles().map((f) => f.name);
  const prisma = await getPrisma();
  const rows = await prisma.$queryRaw<Array<{ migration_name: string }>>`
    SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((r) => r.migration_name));
  return committed.every((name) => applied.has(name));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
