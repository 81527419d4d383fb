import { AsyncLocalStorage } from "node:async_hooks";

type SqlRow = Record<string, unknown>;

/**
 * A statement a piece of work owes the database before any of its own: the MCP door's check of a
 * token whose facts it already knows (lib/auth/check-bearer-credential.ts). `accept` receives its
 * rows and throws when the work must not go on; it is called once.
 */
export type StatementAhead = { text: string; params: readonly unknown[]; accept(rows: SqlRow[]): void };

type Send = (text: string, params: readonly unknown[]) => Promise<SqlRow[]>;

type Owed = { statement: StatementAhead; accepted?: Promise<void> };

const owed = new AsyncLocalStorage<Owed>();

/**
 * Runs `work` owing `statement`: when the first database work of `work` is a transaction, the
 * statement leaves on that connection just ahead of its BEGIN, in the same round trip, outside the
 * transaction (lib/db/sql.ts); a query of its own or Prisma sends it alone and waits for it first.
 * Either way no database work of `work` reads an answer, commits or returns before `accept` took
 * the statement's rows, and after a refusal none goes on. When `work` touched no database, the
 * statement is sent here, after it, through `send`. Resolves to `work`'s result; when `accept`
 * refused, to its error whatever `work` did.
 */
export async function withStatementAhead<T>(statement: StatementAhead, send: Send, work: () => Promise<T>): Promise<T> {
  const entry: Owed = { statement };
  const outcome = await owed.run(entry, work).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await (entry.accepted ??= accepted(statement, send(statement.text, statement.params)));
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * For database work about to start in this context: undefined when nothing is owed; otherwise the
 * statement's acceptance, which the work must wait for before it reads an answer, commits or returns
 * (a refusal rejects it). When nobody has sent the statement yet, it is sent now, synchronously,
 * through `send`: a transaction passes its own connection, so the statement leaves with its BEGIN.
 */
export function statementAhead(send: Send): Promise<void> | undefined {
  const entry = owed.getStore();
  if (!entry) return undefined;
  // Sent outside the context, so that a `send` that itself waits for what is owed does not wait for this.
  entry.accepted ??= owed.exit(() => accepted(entry.statement, send(entry.statement.text, entry.statement.params)));
  // Awaited by the work and by withStatementAhead; not an unhandled rejection meanwhile.
  entry.accepted.catch(() => {});
  return entry.accepted;
}

async function accepted(statement: StatementAhead, rows: Promise<SqlRow[]>): Promise<void> {
  statement.accept(await rows);
}
