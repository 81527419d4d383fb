import type { TransactionSql } from "./sql";

type Statement = { text: string; params: readonly unknown[] };

/**
 * The writes of one operation, sent as one statement: each INSERT/UPDATE/DELETE becomes a
 * data-modifying CTE of a single query, so a write costs one round trip however many rows it
 * touches. All parts see the same snapshot and none sees another's rows, so the parts must be
 * independent: at most one change per row, and no part reading what another writes.
 */
export class WriteBatch {
  private readonly statements: Statement[] = [];

  /** `text` numbers its own parameters from $1; they are renumbered when the batch is sent. */
  add(text: string, params: readonly unknown[] = []): void {
    this.statements.push({ text, params });
  }

  get size(): number {
    return this.statements.length;
  }

  /** Sends the batch as the transaction's last statement, together with its COMMIT. */
  async flushLast(sql: TransactionSql): Promise<void> {
    const statement = this.take();
    if (statement) await sql.lastly(statement.text, statement.params);
  }

  /** Sends what is batched so far as one statement, inside the transaction; the batch is empty after. */
  async flush(sql: TransactionSql): Promise<void> {
    const statement = this.take();
    if (statement) await sql.query(statement.text, statement.params);
  }

  private take(): Statement | undefined {
    if (!this.statements.length) return undefined;
    const params: unknown[] = [];
    const parts = this.statements.map(({ text, params: own }, i) => {
      const offset = params.length;
      params.push(...own);
      return `w${i} AS (${text.replace(/\$(\d+)/g, (_, n: string) => `$${offset + Number(n)}`)})`;
    });
    this.statements.length = 0;
    return { text: `WITH ${parts.join(",\n")} SELECT 1`, params };
  }
}
