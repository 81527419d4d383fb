import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getSql } from "@/lib/db/client";
import type { Actor } from "@/lib/auth/actor";
import { consumeRateLimit, UNLIMITED, type RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import type { RequestCount } from "@/lib/rate-limit/count-in-statement";
import type { RateLimitPolicy } from "@/lib/rate-limit/policy";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { authenticateApiTokenAndCount } from "@/lib/tokens/authenticate-api-token";
import { authenticateAccessTokenAndCount } from "@/lib/oauth/authenticate-access-token";
import { exchangeAuthorizationCode } from "@/lib/oauth/exchange-authorization-code";
import { revokeOAuthToken } from "@/lib/oauth/revoke-oauth-token";
import { newUser } from "../support/fixtures";
import { approvedCode, registeredClient } from "../support/oauth";

const policy = (): RateLimitPolicy => ({ name: `test-${crypto.randomBytes(4).toString("hex")}`, points: 3, windowSeconds: 60 });

type Check = (token: string, count: RequestCount | null, now?: Date) => Promise<{ actor: Actor; limit: RateLimitDecision } | null>;
type Issued = { owner: Actor; token: string; revoke(): Promise<void> };

// The MCP door's two kinds of token: a personal API token, and the OAuth access token a hosted agent
// sends. Each is checked and its request counted in one statement: the same count, by the same rule,
// as the rate limiter every other limit uses.
const kinds: Array<{ kind: string; check: Check; issue(name: string): Promise<Issued>; unknown(): string; label: string; expiredAt?: Date }> = [
  {
    kind: "a personal API token",
    check: authenticateApiTokenAndCount,
    async issue(name) {
      const owner = await newUser(name);
      const { token, apiToken } = await createApiToken(owner, { name: "agent", scopes: ["brief:read"] });
      return { owner, token, revoke: () => revokeApiToken(owner, apiToken.id) };
    },
    unknown: () => `brf_${crypto.randomBytes(32).toString("base64url")}`,
    label: "agent",
  },
  {
    kind: "an OAuth access token",
    check: authenticateAccessTokenAndCount,
    async issue(name) {
      const owner = await newUser(name);
      const { client } = await registeredClient({ client_name: "Claude" });
      const { code, verifier } = await approvedCode(owner.userId, client, { scopes: ["brief:read"] });
      const { access_token: token } = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });
      return { owner, token, revoke: () => revokeOAuthToken(client, token) };
    },
    unknown: () => `bro_${crypto.randomBytes(32).toString("base64url")}`,
    label: "Claude",
    expiredAt: new Date(Date.now() + 2 * 3600_000),
  },
];

describe.each(kinds)(`$kind: its requests counted while it is checked, on ${process.env.BRIEFS_TEST_DB}`, ({ check, issue, unknown, label, expiredAt }) => {
  it("allows the policy's number of requests, then refuses with the time left in the window", async () => {
    const { owner, token } = await issue("Counted");
    const limit = policy();
    const gates = [];
    for (let i = 0; i < 4; i++) gates.push(await check(token, { policy: limit, key: token }));
    expect(gates.map((gate) => gate?.limit)).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
      { allowed: false, retryAfterSeconds: expect.any(Number) },
    ]);
    const retry = (gates[3]!.limit as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThan(50);
    expect(retry).toBeLessThanOrEqual(60);
    expect(gates[0]?.actor).toEqual({ userId: owner.userId, email: owner.email, label: `${owner.email} via ${label}`, door: "mcp", scopes: ["brief:read"] });
  });

  it("shares its count with the rate limiter's own for the same key, and is unlimited without a policy", async () => {
    const { token } = await issue("Shared");
    const limit = policy();
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 2 });
    expect((await check(token, { policy: limit, key: token }))?.limit).toEqual({ allowed: true, remaining: 1 });
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 0 });
    expect((await check(token, { policy: limit, key: token }))?.limit.allowed).toBe(false);
    expect((await check(token, null))?.limit).toEqual(UNLIMITED);
  });

  it("starts a new window once the old one has ended", async () => {
    const { token } = await issue("Windows");
    const limit = policy();
    for (let i = 0; i < 4; i++) await check(token, { policy: limit, key: token });
    const later = new Date(Date.now() + 61_000);
    expect((await check(token, { policy: limit, key: token }, later))?.limit).toEqual({ allowed: true, remaining: 2 });
  });

  it("counts nothing for a token it refuses: unknown, expired or revoked", async () => {
    const { token, revoke } = await issue("Refused");
    const limit = policy();
    const stranger = unknown();
    expect(await check(stranger, { policy: limit, key: stranger })).toBeNull();
    if (expiredAt) expect(await check(token, { policy: limit, key: token }, expiredAt)).toBeNull();
    await revoke();
    expect(await check(token, { policy: limit, key: token })).toBeNull();
    expect(await consumeRateLimit(limit, stranger)).toEqual({ allowed: true, remaining: 2 });
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 2 });
  });
});

describe(`the counters' commit setting, on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("waits for no disk only in its own transaction: every connection commits durably afterwards", async () => {
    const owner = await newUser("Durable");
    const { token } = await createApiToken(owner, { name: "agent", scopes: ["brief:read"] });
    const limit = { ...policy(), points: 1000 };
    // At once, so the counts run on many of the pool's connections.
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? consumeRateLimit(limit, token) : authenticateApiTokenAndCount(token, { policy: limit, key: token }))),
    );
    const sql = await getSql();
    const settings = await Promise.all(
      Array.from({ length: 16 }, () => sql.transaction(async (tx) => (await tx.query<{ synchronous_commit: string }>("SHOW synchronous_commit"))[0].synchronous_commit)),
    );
    expect(new Set(settings)).toEqual(new Set(["on"]));
  });
});
