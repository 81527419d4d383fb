import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { statementAhead } from "./statement-ahead";

type SqlRow = Record<string, unknown>;

/** Statements with positional parameters ($1, $2, …) on one connection. */
export type Sql = {
  query<T extends SqlRow = SqlRow>(text: string, params?: readonly unknown[]): Promise<T[]>;
};

/**
 * The hot write paths talk to the database through the driver itself, next to Prisma: a write is a
 * handful of statements, each one network round trip, with no query engine in between. Unnamed
 * statements only and nothing that outlives a transaction, so a transaction-mode pooler still works.
 */
export type SqlDriver = Sql & {
  /**
   * Runs `fn` in a transaction. `lockKey` takes a transaction-scoped advisory lock first; on
   * PostgreSQL it travels with BEGIN, and BEGIN travels with `fn`'s first statement: one round trip.
   * A statement the work owes ahead of its own (lib/db/statement-ahead.ts) leaves just before BEGIN,
   * outside the transaction, in that same round trip; no answer reaches `fn`, and nothing commits,
   * before that statement is accepted.
   */
  transaction<T>(fn: (sql: TransactionSql) => Promise<T>, options?: TransactionOptions): Promise<T>;
};

export type TransactionOptions = {
  lockKey?: bigint;
  /**
   * false: the commit does not wait for its WAL record to reach disk (`synchronous_commit = off` for
   * this transaction). A crash may then lose it, never corrupt anything; only for data whose last
   * moments do not matter, such as request counters.
   */
  durable?: boolean;
};

function beginStatement(options: TransactionOptions | undefined): string {
  return [
    // Whatever the database's default: a statement after the lock must see what the lock's previous
    // holder committed, and a row lock waited for gives the row as committed (the write path's rules).
    "BEGIN ISOLATION LEVEL READ COMMITTED",
    ...(options?.durable === false ? ["SET LOCAL synchronous_commit = off"] : []),
    // A number, so nothing is quoted into SQL.
    ...(options?.lockKey === undefined ? [] : [`SELECT pg_advisory_xact_lock(${BigInt.asIntN(64, options.lockKey).toString()})`]),
  ].join("; ");
}

export type TransactionSql = Sql & {
  /**
   * The transaction's last statement, sent together with COMMIT (one round trip on PostgreSQL).
   * Nothing may be sent, and nothing may fail, after it: the transaction commits unless this
   * statement or the commit itself fails, and then nothing of it is kept. (Should the work fail
   * after it all the same, PostgreSQL has committed already, while PGlite, which commits only when
   * the work returns, rolls back.)
   */
  lastly<T extends SqlRow = SqlRow>(text: string, params?: readonly unknown[]): Promise<T[]>;
};

/**
 * `pool` should make its connections with `pipeline: true`: a statement is then sent without
 * waiting for the answer to the one before, so the pairs above share a write and a round trip.
 * Without it they are merely sent one after the other; the results are the same.
 */
export function postgresDriver(pool: pg.Pool): SqlDriver {
  const query = async <T extends SqlRow>(text: string, params?: readonly unknown[]) => (await pool.query(text, params as unknown[] | undefined)).rows as T[];
  return {
    async query<T extends SqlRow>(text: string, params?: readonly unknown[]) {
      await statementAhead(query);
      return query<T>(text, params);
    },
    async transaction(fn, options) {
      const client = await pool.connect();
      let broken: unknown;
      let commit: Promise<unknown> | undefined;
      // The statement owed ahead, once it is sent: every answer waits for its acceptance.
      let ahead: Promise<void> = Promise.resolve();
      const run = <T extends SqlRow>(text: string, params?: readonly unknown[]) => client.query<T>(text, params as unknown[] | undefined);
      const sql = inOrder({
        query: async (text, params) => {
          const { rows } = await run(text, params);
          await ahead;
          return rows;
        },
        async lastly(text, params) {
          // The COMMIT leaves with this statement: not before the statement ahead is accepted.
          await ahead;
          const rows = together(client, () => {
            const last = run(text, params);
            commit = settledLater(run("COMMIT"));
            return last;
          });
          return (await rows).rows;
        },
      });
      try {
        let begun!: Promise<unknown>;
        const work = together(client, () => {
          ahead = statementAhead(async (text, params) => (await run(text, params)).rows) ?? ahead;
          begun = settledLater(run(beginStatement(options)));
          // An async wrapper: `fn`'s first statement still leaves with BEGIN, and a synchronous
          // throw becomes a rejection, so it is rolled back below like any other failure.
          return (async () => fn(sql))();
        });
        try {
          const result = await work;
          await begun;
          await ahead;
          await (commit ?? run("COMMIT"));
          return result;
        } catch (error) {
          // A refused statement ahead, then a failed BEGIN or lock, is the cause of whatever failed after it.
          const cause = await ahead.then(
            () => begun.then(() => error, (beginError: unknown) => beginError),
            (refusal: unknown) => refusal,
          );
          await run("ROLLBACK").catch((rollbackError) => (broken = rollbackError));
          throw cause;
        }
      } finally {
        // A connection whose ROLLBACK failed is in an unknown state: never hand it out again.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
  };
}

/**
 * A transaction's statements under the rules of `lastly`: nothing after it, and only parameters
 * that cannot fail to be sent. node-postgres converts parameters only when it sends a statement, and
 * a conversion that throws there fails the statement without the server seeing it: the COMMIT
 * pipelined behind it would then keep everything before it. Such values are refused before sending.
 */
function inOrder(send: { query(text: string, params?: readonly unknown[]): Promise<SqlRow[]>; lastly(text: string, params?: readonly unknown[]): Promise<SqlRow[]> }): TransactionSql {
  let last = false;
  return {
    async query<T extends SqlRow>(text: string, params?: readonly unknown[]) {
      if (last) throw new Error("nothing may be sent after lastly() in a transaction");
      return (await send.query(text, params)) as T[];
    },
    async lastly<T extends SqlRow>(text: string, params?: readonly unknown[]) {
      if (last) throw new Error("lastly() was already called in this transaction");
      params?.forEach(assertPlainParam);
      last = true;
      return (await send.lastly(text, params)) as T[];
    },
  };
}

/**
 * The values a last statement may carry: those node-postgres sends as they are, so sending them
 * cannot fail on this side of the connection.
 */
function assertPlainParam(value: unknown): void {
  if (value === null || value === undefined || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number" && Number.isFinite(value)) return;
  if (Array.isArray(value)) return value.forEach(assertPlainParam);
  throw new TypeError(`a transaction's last statement takes strings, numbers, booleans, null and arrays of them, not ${typeof value === "object" ? (value.constructor?.name ?? "object") : typeof value}`);
}

/** A promise whose rejection is handled later (awaited), and not reported as unhandled meanwhile. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * Runs `send` with the connection's socket corked, so that the statements it starts synchronously
 * leave in one write. The socket is node-postgres's own; where it cannot be reached, nothing changes.
 */
function together<T>(client: pg.PoolClient, send: () => T): T {
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}

export function pgliteDriver(db: PGlite): SqlDriver {
  const query = async <T extends SqlRow>(text: string, params?: readonly unknown[]) => (await db.query<T>(text, params as unknown[] | undefined)).rows;
  return {
    async query<T extends SqlRow>(text: string, params?: readonly unknown[]) {
      await statementAhead(query);
      return query<T>(text, params);
    },
    async transaction(fn, options) {
      // One connection, one statement at a time: the statement ahead goes first, and alone.
      await statementAhead(query);
      return db.transaction(async (tx) => {
        const query = async <T extends SqlRow>(text: string, params?: readonly unknown[]) => (await tx.query<T>(text, params as unknown[] | undefined)).rows;
        if (options?.durable === false) await tx.exec("SET LOCAL synchronous_commit = off");
        // One connection serialises every transaction here; the lock only keeps the code path the same.
        if (options?.lockKey !== undefined) await query("SELECT pg_advisory_xact_lock($1)", [BigInt.asIntN(64, options.lockKey).toString()]);
        // The pipelined driver's rules hold here too, so code is tested against them on either database.
        const sql = inOrder({ query, lastly: query });
        return fn(sql);
      });
    },
  };
}
