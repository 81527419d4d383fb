import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getPrisma, getSql } from "@/lib/db/client";
import { withStatementAhead, type StatementAhead } from "@/lib/db/statement-ahead";
import { newUser } from "../support/fixtures";

// A statement owed ahead of a piece of work (the MCP door's token check): it travels with the
// work's first transaction, and nothing of the work commits or reads an answer before it is accepted.
describe(`a statement ahead on ${process.env.BRIEFS_TEST_DB}`, () => {
  const insertReceipt = `INSERT INTO "IdempotencyReceipt" (id, "userId", tool, key, fingerprint, result, "createdAt", "expiresAt")
    VALUES ($1, $2, 'test', $3, 'f', '{}', now(), now() + interval '1 day')`;
  const receiptKeys = async (userId: string) =>
    (await (await getSql()).query<{ key: string }>(`SELECT key FROM "IdempotencyReceipt" WHERE "userId" = $1 ORDER BY key`, [userId])).map((r) => r.key);
  const send = async (text: string, params: readonly unknown[]) => (await getSql()).query(text, params);

  /** A statement ahead that writes a receipt of its own (so it is seen to run once, and to commit alone). */
  function aheadWriting(userId: string, key: string, accept: (rows: Record<string, unknown>[]) => void = () => {}): StatementAhead & { accepted: number } {
    const statement = {
      text: `WITH w AS (${insertReceipt} RETURNING key) SELECT key FROM w`,
      params: [crypto.randomUUID(), userId, key],
      accepted: 0,
      accept(rows: Record<string, unknown>[]) {
        statement.accepted++;
        accept(rows);
      },
    };
    return statement;
  }

  it("travels with the first transaction, is accepted once, and then the work commits", async () => {
    const { userId } = await newUser("Ahead");
    const sql = await getSql();
    const ahead = aheadWriting(userId, "ahead");
    const result = await withStatementAhead(ahead, send, async () => {
      const first = await sql.transaction(
        async (tx) => {
          const [row] = await tx.query<{ ahead: number }>(`SELECT count(*)::int AS ahead FROM "IdempotencyReceipt" WHERE "userId" = $1 AND key = 'ahead'`, [userId]);
          await tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "first"]);
          return row.ahead;
        },
        { lockKey: 7n },
      );
      await sql.transaction((tx) => tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "second"]));
      return first;
    });
    // The statement ran before BEGIN, in a transaction of its own: the work's first read saw it.
    expect(result).toBe(1);
    expect(ahead.accepted).toBe(1);
    expect(await receiptKeys(userId)).toEqual(["ahead", "first", "second"]);
  });

  it("refused: the transaction keeps nothing, later work is refused too, and the refusal is what the work fails with", async () => {
    const { userId } = await newUser("Refused");
    const sql = await getSql();
    const refusal = new Error("refused ahead");
    const ahead = aheadWriting(userId, "ahead", () => {
      throw refusal;
    });
    let laterRefused: unknown;
    const work = withStatementAhead(ahead, send, async () => {
      try {
        await sql.transaction(async (tx) => {
          await tx.query(insertReceipt, [crypto.randomUUID(), userId, "a"]);
          await tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "b"]);
        });
      } catch {
        // Work that carries on after the failure gets no further with the database.
        laterRefused = await sql.transaction((tx) => tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "c"])).catch((error: unknown) => error);
      }
      return "answered";
    });
    await expect(work).rejects.toBe(refusal);
    expect(laterRefused).toBe(refusal);
    expect(ahead.accepted).toBe(1);
    // The statement ahead itself committed on its own (as a request's count does); nothing of the work did.
    expect(await receiptKeys(userId)).toEqual(["ahead"]);
  });

  it("refused: a transaction whose only statement is its last commits nothing", async () => {
    const { userId } = await newUser("Last only");
    const sql = await getSql();
    const refusal = new Error("refused ahead");
    const ahead = aheadWriting(userId, "ahead", () => {
      throw refusal;
    });
    const work = withStatementAhead(ahead, send, () => sql.transaction((tx) => tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "a"])));
    await expect(work).rejects.toBe(refusal);
    expect(await receiptKeys(userId)).toEqual(["ahead"]);
  });

  it("is sent first, alone, before Prisma or a plain query, and after work that used no database", async () => {
    const { userId } = await newUser("Alone");
    const sql = await getSql();
    const viaPrisma = aheadWriting(userId, "prisma");
    const seen = await withStatementAhead(viaPrisma, send, async () => (await getPrisma()).idempotencyReceipt.count({ where: { userId, key: "prisma" } }));
    expect(seen).toBe(1);

    const viaQuery = aheadWriting(userId, "query");
    const [row] = await withStatementAhead(viaQuery, send, () => sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "IdempotencyReceipt" WHERE "userId" = $1 AND key = 'query'`, [userId]));
    expect(row.n).toBe(1);

    const none = aheadWriting(userId, "none");
    expect(await withStatementAhead(none, send, async () => "no database")).toBe("no database");
    expect([viaPrisma.accepted, viaQuery.accepted, none.accepted]).toEqual([1, 1, 1]);

    const refusal = new Error("refused ahead");
    const refused = aheadWriting(userId, "refused", () => {
      throw refusal;
    });
    let counted = false;
    const work = withStatementAhead(refused, send, async () => {
      await (await getPrisma()).idempotencyReceipt.create({ data: { userId, tool: "test", key: "after", fingerprint: "f", result: {}, expiresAt: new Date(Date.now() + 86_400_000) } });
      counted = true;
    });
    await expect(work).rejects.toBe(refusal);
    expect(counted).toBe(false);
    expect(await receiptKeys(userId)).toEqual(["none", "prisma", "query", "refused"]);
  });
});
