import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getSql } from "@/lib/db/client";
import { newUser } from "../support/fixtures";

// The driver's transactions, whose statements travel in pairs on PostgreSQL (BEGIN with the first,
// the last with COMMIT): all of a transaction is kept, or none of it.
describe(`driver transactions on ${process.env.BRIEFS_TEST_DB}`, () => {
  const insertReceipt = `INSERT INTO "IdempotencyReceipt" (id, "userId", tool, key, fingerprint, result, "createdAt", "expiresAt")
    VALUES ($1, $2, 'test', $3, 'f', '{}', now(), now() + interval '1 day')`;
  const receiptKeys = async (userId: string) =>
    (await (await getSql()).query<{ key: string }>(`SELECT key FROM "IdempotencyReceipt" WHERE "userId" = $1 ORDER BY key`, [userId])).map((r) => r.key);

  it("keeps every statement when the last one and the commit succeed", async () => {
    const { userId } = await newUser("Pair");
    const sql = await getSql();
    const result = await sql.transaction(
      async (tx) => {
        await tx.query(insertReceipt, [crypto.randomUUID(), userId, "a"]);
        await tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "b"]);
        return "done";
      },
      { lockKey: 42n },
    );
    expect(result).toBe("done");
    expect(await receiptKeys(userId)).toEqual(["a", "b"]);
  });

  it("keeps nothing when the last statement fails, and reports its error", async () => {
    const { userId } = await newUser("Failing last");
    const sql = await getSql();
    const failing = sql.transaction(async (tx) => {
      await tx.query(insertReceipt, [crypto.randomUUID(), userId, "a"]);
      // The same (user, tool, key) again: a unique violation, sent together with COMMIT.
      await tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "a"]);
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(await receiptKeys(userId)).toEqual([]);
  });

  it("keeps nothing when the work throws before its last statement", async () => {
    const { userId } = await newUser("Throwing");
    const sql = await getSql();
    const throwing = sql.transaction(async (tx) => {
      await tx.query(insertReceipt, [crypto.randomUUID(), userId, "a"]);
      throw new Error("refused after the first statement");
    });
    await expect(throwing).rejects.toThrow("refused after the first statement");
    expect(await receiptKeys(userId)).toEqual([]);
  });

  it("keeps nothing when the last statement carries a value the driver cannot send", async () => {
    const { userId } = await newUser("Unsendable");
    const sql = await getSql();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const failing = sql.transaction(async (tx) => {
      await tx.query(insertReceipt, [crypto.randomUUID(), userId, "a"]);
      // node-postgres would fail this value only while sending it, with COMMIT already queued.
      await tx.lastly(`SELECT $1::text`, [circular]);
    });
    await expect(failing).rejects.toThrow(TypeError);
    expect(await receiptKeys(userId)).toEqual([]);
  });

  it("keeps nothing when the work throws synchronously after its first statement, and the connection is clean", async () => {
    const { userId } = await newUser("Synchronous");
    const sql = await getSql();
    const throwing = sql.transaction(
      (tx) => {
        void tx.query(insertReceipt, [crypto.randomUUID(), userId, "a"]);
        throw new Error("refused synchronously");
      },
      { lockKey: 43n },
    );
    await expect(throwing).rejects.toThrow("refused synchronously");
    expect(await receiptKeys(userId)).toEqual([]);
    // No connection of the pool is left inside that transaction or holding its lock.
    const answers = await Promise.all(Array.from({ length: 12 }, () => sql.transaction(async (tx) => (await tx.query<{ one: number }>("SELECT 1 AS one"))[0].one, { lockKey: 43n })));
    expect(answers).toEqual(Array(12).fill(1));
    expect(await receiptKeys(userId)).toEqual([]);
  });

  it("refuses a statement after the last one", async () => {
    const { userId } = await newUser("After last");
    const sql = await getSql();
    const late = sql.transaction(async (tx) => {
      await tx.lastly(insertReceipt, [crypto.randomUUID(), userId, "a"]);
      await tx.query(insertReceipt, [crypto.randomUUID(), userId, "b"]);
    });
    await expect(late).rejects.toThrow(/after lastly/);
    // The late statement was never sent. On PostgreSQL the last one was committed with it; PGlite
    // commits only when the work returns, so there the failure rolls it back.
    expect(await receiptKeys(userId)).toEqual(process.env.BRIEFS_TEST_DB === "postgres" ? ["a"] : []);
  });

  it("reports the failing first statement, sent together with BEGIN, and stays usable", async () => {
    const sql = await getSql();
    await expect(sql.transaction((tx) => tx.query(`SELECT * FROM "NoSuchTable"`), { lockKey: 7n })).rejects.toMatchObject({ code: "42P01" });
    // Every connection of the pool is handed out again in a clean state.
    const answers = await Promise.all(Array.from({ length: 12 }, () => sql.transaction(async (tx) => (await tx.query<{ one: number }>("SELECT 1 AS one"))[0].one)));
    expect(answers).toEqual(Array(12).fill(1));
  });
});
