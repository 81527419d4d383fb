import type { RateLimitDecision } from "./consume-rate-limit";
import { rateLimitRowKey, UNLIMITED } from "./consume-rate-limit";
import { countRateLimitRefusal } from "@/lib/observe/metrics";
import type { RateLimitPolicy } from "./policy";

/** One request of `key` to count under `policy`. */
export type RequestCount = { policy: RateLimitPolicy; key: string };

/**
 * A request counted inside another statement: a CTE named `counted` that adds one point to the key's
 * row when `source` (a CTE of the same statement) has a row whose column `usable` is true. The MCP
 * door authenticates a token and counts its request this way in one round trip; it would otherwise
 * be a second statement on every call.
 *
 * It changes the very row rate-limiter-flexible's PostgreSQL store keeps for the key (consume-rate-
 * limit.ts), by the same fixed-window rule: a row whose window has ended starts again at one point
 * with a new end, any other gains a point. `$first` is the number of its first parameter. The
 * statement must also select from `unhurried` (a CTE this adds): its commit then does not wait for
 * the disk, as the rate limiter's own does not (consume-rate-limit.ts).
 */
export function countedCte(count: RequestCount, now: Date, source: string, first: number): { text: string; params: unknown[] } {
  // A blocking policy needs the library's block bookkeeping; none counted this way blocks.
  if (count.policy.blockSeconds) throw new Error(`${count.policy.name} blocks; count it with consumeRateLimit`);
  const [key, newExpire, at] = [`$${first}`, `$${first + 1}`, `$${first + 2}`];
  return {
    text: `unhurried AS (SELECT set_config('synchronous_commit', 'off', true)),
    counted AS (
      INSERT INTO "RateLimit" (key, points, expire) SELECT ${key}, 1, ${newExpire}::bigint FROM ${source} WHERE usable
      ON CONFLICT (key) DO UPDATE SET
        points = CASE WHEN "RateLimit".expire <= ${at}::bigint THEN 1 ELSE "RateLimit".points + 1 END,
        expire = CASE WHEN "RateLimit".expire <= ${at}::bigint THEN ${newExpire}::bigint ELSE "RateLimit".expire END
      RETURNING points, expire)`,
    params: [rateLimitRowKey(count.policy, count.key), now.getTime() + count.policy.windowSeconds * 1000, now.getTime()],
  };
}

/** The columns a statement made by `selectCounting` adds to its row: the counter after the count. */
export type CountedColumns = { countedPoints: unknown; countedExpire: unknown };

/**
 * One statement that selects `source` (a query giving at most one row, with a boolean column
 * `usable`) and, when `count` is given, counts the request if that row is usable. A credential is
 * checked and its request counted this way in one round trip. `source` numbers its parameters from
 * $1; the count's follow.
 */
export function selectCounting(source: { text: string; params: unknown[] }, count: RequestCount | null, now: Date): { text: string; params: unknown[] } {
  const counted = count && countedCte(count, now, "source", source.params.length + 1);
  return {
    text: `WITH source AS (${source.text})${counted ? `, ${counted.text}` : ""}
     SELECT source.*, ${counted ? `(SELECT points FROM counted) AS "countedPoints", (SELECT expire FROM counted) AS "countedExpire"` : `NULL AS "countedPoints", NULL AS "countedExpire"`}
       FROM source${counted ? ", unhurried" : ""}`,
    params: [...source.params, ...(counted?.params ?? [])],
  };
}

/** The decision for a row of `selectCounting`: unlimited when nothing was counted (no policy). */
export function decisionOf(count: RequestCount | null, row: CountedColumns, now: Date): RateLimitDecision {
  return count ? countedDecision(count.policy, { points: row.countedPoints, expire: row.countedExpire }, now) : UNLIMITED;
}

/** The decision for the counted row, as consumeRateLimit would give it for the same count. */
export function countedDecision(policy: RateLimitPolicy, row: { points: unknown; expire: unknown }, now: Date): RateLimitDecision {
  const points = Number(row.points);
  if (points <= policy.points) return { allowed: true, remaining: policy.points - points };
  const msLeft = Math.max(Number(row.expire) - now.getTime(), 0);
  countRateLimitRefusal(policy.name);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
}
