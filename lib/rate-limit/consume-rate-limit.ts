import crypto from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { derivedKey } from "@/lib/config/secrets";
import { getSql } from "@/lib/db/client";
import type { SqlDriver } from "@/lib/db/sql";
import type { RateLimitPolicy } from "./policy";
import { countRateLimitRefusal } from "@/lib/observe/metrics";

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** What a request gets when its limit is switched off. */
export const UNLIMITED: RateLimitDecision = { allowed: true, remaining: Number.POSITIVE_INFINITY };

/**
 * Counts one request of `key` under `policy` and says whether it may go on. The counters are rows
 * of the RateLimit table, changed by one atomic upsert each (rate-limiter-flexible's PostgreSQL
 * store, through the driver on either database: the upsert in a transaction of its own that does
 * not wait for the disk, sent with its BEGIN and COMMIT in one round trip on PostgreSQL), so
 * concurrent requests on any number of instances are all counted. A null policy (switched off)
 * always allows.
 *
 * Keys are stored as HMACs: the table never holds an email address, a client address or a token.
 */
export async function consumeRateLimit(policy: RateLimitPolicy | null, key: string, points = 1): Promise<RateLimitDecision> {
  if (!policy) return UNLIMITED;
  const limiter = await limiterFor(policy);
  try {
    const result = await limiter.consume(storedKey(key), points);
    return { allowed: true, remaining: result.remainingPoints };
  } catch (refusal) {
    // The library rejects with the counter's state when over the limit, and with an Error when the store fails.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    countRateLimitRefusal(policy.name);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

/** Gives back points counted for a request that turned out fine (a sign-in with the right password). */
export async function refundRateLimit(policy: RateLimitPolicy | null, key: string, points = 1): Promise<void> {
  if (!policy) return;
  await (await limiterFor(policy)).reward(storedKey(key), points);
}

function storedKey(key: string): string {
  return crypto.createHmac("sha256", derivedKey("briefs/rate-limit/v1")).update(key).digest("base64url");
}

/** The RateLimit row that counts `key` under `policy`, named as the library names it (keyPrefix:key). */
export function rateLimitRowKey(policy: RateLimitPolicy, key: string): string {
  return `${policy.name}:${storedKey(key)}`;
}

// One limiter per policy and database handle (tests and scripts may reopen the database).
const limiters = new WeakMap<SqlDriver, Map<string, RateLimiterPostgres>>();

async function limiterFor(policy: RateLimitPolicy): Promise<RateLimiterPostgres> {
  const sql = await getSql();
  let byPolicy = limiters.get(sql);
  if (!byPolicy) limiters.set(sql, (byPolicy = new Map()));
  const id = `${policy.name}:${policy.points}/${policy.windowSeconds}/${policy.blockSeconds ?? 0}`;
  let limiter = byPolicy.get(id);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: storeClientOf(sql),
      storeType: "client",
      tableName: "RateLimit",
      // The table is the migrations' (prisma/schema.prisma), never created at run time.
      tableCreated: true,
      keyPrefix: policy.name,
      points: policy.points,
      duration: policy.windowSeconds,
      blockDuration: policy.blockSeconds ?? 0,
    });
    byPolicy.set(id, limiter);
  }
  return limiter;
}

type StoreQuery = { text: string; values?: unknown[] };

/**
 * The store's statements through our driver, unnamed (the library names them; a transaction-mode
 * pooler cannot keep named statements), with the window's end as a number whichever database
 * answers (the pg driver gives BIGINT as text, PGlite as a bigint).
 */
function storeClientOf(sql: SqlDriver) {
  return {
    async query({ text, values }: StoreQuery) {
      // A counter's last increments may be lost in a crash: its commit need not wait for the disk,
      // and the hot row of a busy token is then held for less time.
      const rows = await sql.transaction((tx) => tx.lastly(text, values), { durable: false });
      return { rows: rows.map((row) => (row.expire === undefined || row.expire === null ? row : { ...row, expire: Number(row.expire) })) };
    },
  };
}
