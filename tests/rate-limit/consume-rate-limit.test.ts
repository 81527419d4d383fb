import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { consumeRateLimit, refundRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import type { RateLimitPolicy } from "@/lib/rate-limit/policy";

const policy = (over: Partial<RateLimitPolicy> = {}): RateLimitPolicy => ({
  name: `test-${crypto.randomBytes(4).toString("hex")}`,
  points: 5,
  windowSeconds: 600,
  ...over,
});

describe(`rate limits counted in the database on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("allow the policy's number of requests per key, then refuse with the time left", async () => {
    const limit = policy();
    const decisions = [];
    for (let i = 0; i < 6; i++) decisions.push(await consumeRateLimit(limit, "alice"));
    expect(decisions.slice(0, 5).map((d) => d.allowed)).toEqual([true, true, true, true, true]);
    expect(decisions[4]).toEqual({ allowed: true, remaining: 0 });
    expect(decisions[5].allowed).toBe(false);
    const retry = (decisions[5] as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThan(590);
    expect(retry).toBeLessThanOrEqual(600);
    // Another key, or the same key under another policy, has counts of its own.
    expect((await consumeRateLimit(limit, "bob")).allowed).toBe(true);
    expect((await consumeRateLimit(policy(), "alice")).allowed).toBe(true);
  });

  it("count every one of many requests arriving at once, letting exactly the limit through", async () => {
    const limit = policy({ points: 10 });
    const decisions = await Promise.all(Array.from({ length: 30 }, () => consumeRateLimit(limit, "burst")));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it("block for the block time once over the limit, and give points back on refund", async () => {
    const limit = policy({ points: 2, windowSeconds: 60, blockSeconds: 3600 });
    await consumeRateLimit(limit, "carol");
    await refundRateLimit(limit, "carol");
    await consumeRateLimit(limit, "carol");
    expect((await consumeRateLimit(limit, "carol")).allowed).toBe(true);
    const refused = await consumeRateLimit(limit, "carol");
    expect(refused.allowed).toBe(false);
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3500);
  });

  it("store keys as HMACs, never the address, email or token itself", async () => {
    const limit = policy();
    const secretish = `dave.${crypto.randomUUID()}@example.test`;
    await consumeRateLimit(limit, secretish);
    const rows = await (await getPrisma()).rateLimit.findMany({ where: { key: { startsWith: `${limit.name}:` } } });
    expect(rows).toHaveLength(1);
    expect(rows[0].key).not.toContain("dave");
    expect(rows[0].points).toBe(1);
  });

  it("start a new window once the old one has ended", async () => {
    const limit = policy({ points: 2 });
    await consumeRateLimit(limit, "erin");
    await consumeRateLimit(limit, "erin");
    expect((await consumeRateLimit(limit, "erin")).allowed).toBe(false);
    // The window ends: its end moves into the past, as the clock would move past it.
    const prisma = await getPrisma();
    await prisma.rateLimit.updateMany({ where: { key: { startsWith: `${limit.name}:` } }, data: { expire: BigInt(Date.now() - 1000) } });
    expect(await consumeRateLimit(limit, "erin")).toEqual({ allowed: true, remaining: limit.points - 1 });
    const [row] = await prisma.rateLimit.findMany({ where: { key: { startsWith: `${limit.name}:` } } });
    expect(row.points).toBe(1);
    expect(Number(row.expire)).toBeGreaterThan(Date.now() + (limit.windowSeconds - 5) * 1000);
  });

  it("allow everything when the policy is switched off", async () => {
    expect(await consumeRateLimit(null, "anyone")).toEqual({ allowed: true, remaining: Number.POSITIVE_INFINITY });
  });
});
