import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getSql } from "@/lib/db/client";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
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

async function newToken(name: string) {
  const owner = await newUser(name);
  return { owner, ...(await createApiToken(owner, { name: "agent", scopes: ["brief:read"] })) };
}

// The MCP door checks a personal token and counts its request in one statement: the same count,
// by the same rule, as the rate limiter every other limit uses.
describe(`a token's requests counted while it is checked, on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("allows the policy's number of requests, then refuses with the time left in the window", async () => {
    const { token } = await newToken("Counted");
    const limit = policy();
    const gates = [];
    for (let i = 0; i < 4; i++) gates.push(await authenticateApiTokenAndCount(token, { policy: limit, key: token }));
    expect(gates.map((gate) => gate?.limit)).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
      { allowed: false, retryAfterSeconds: expect.any(Number) },
    ]);
    const retry = (gates[3]!.limit as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThan(50);
    expect(retry).toBeLessThanOrEqual(60);
    expect(gates.every((gate) => gate?.actor.label.endsWith(" via agent"))).toBe(true);
  });

  it("shares its count with the rate limiter's own for the same key", async () => {
    const { token } = await newToken("Shared");
    const limit = policy();
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 2 });
    expect((await authenticateApiTokenAndCount(token, { policy: limit, key: token }))?.limit).toEqual({ allowed: true, remaining: 1 });
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 0 });
    expect((await authenticateApiTokenAndCount(token, { policy: limit, key: token }))?.limit.allowed).toBe(false);
  });

  it("starts a new window once the old one has ended", async () => {
    const { token } = await newToken("Windows");
    const limit = policy();
    for (let i = 0; i < 4; i++) await authenticateApiTokenAndCount(token, { policy: limit, key: token });
    const later = new Date(Date.now() + 61_000);
    expect((await authenticateApiTokenAndCount(token, { policy: limit, key: token }, later))?.limit).toEqual({ allowed: true, remaining: 2 });
  });

  it("counts nothing for a token it refuses", async () => {
    const { owner, token, apiToken } = await newToken("Refused");
    const limit = policy();
    const unknown = `brf_${crypto.randomBytes(32).toString("base64url")}`;
    expect(await authenticateApiTokenAndCount(unknown, { policy: limit, key: unknown })).toBeNull();
    await revokeApiToken(owner, apiToken.id);
    expect(await authenticateApiTokenAndCount(token, { policy: limit, key: token })).toBeNull();
    expect(await consumeRateLimit(limit, unknown)).toEqual({ allowed: true, remaining: 2 });
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 2 });
  });

  it("waits for no disk only in its own transaction: every connection commits durably afterwards", async () => {
    const { token } = await newToken("Durable");
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

async function newAccessToken(name: string) {
  const owner = await newUser(name);
  const { client } = await registeredClient({ client_name: "Claude" });
  const { code, verifier } = await approvedCode(owner.userId, client, { scopes: ["brief:read"] });
  const tokens = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });
  return { owner, client, token: tokens.access_token };
}

// A hosted agent's every call carries an OAuth access token: it is checked and counted alike.
describe(`an OAuth access token's requests counted while it is checked, on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("allows the policy's number of requests, then refuses; the actor names the app", async () => {
    const { owner, token } = await newAccessToken("OAuth counted");
    const limit = policy();
    const gates = [];
    for (let i = 0; i < 4; i++) gates.push(await authenticateAccessTokenAndCount(token, { policy: limit, key: token }));
    expect(gates.map((gate) => gate?.limit)).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
      { allowed: false, retryAfterSeconds: expect.any(Number) },
    ]);
    expect(gates[0]?.actor).toEqual({ userId: owner.userId, email: owner.email, label: `${owner.email} via Claude`, door: "mcp", scopes: ["brief:read"] });
  });

  it("shares its count with the rate limiter's own for the same key, and is unlimited without a policy", async () => {
    const { token } = await newAccessToken("OAuth shared");
    const limit = policy();
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 2 });
    expect((await authenticateAccessTokenAndCount(token, { policy: limit, key: token }))?.limit).toEqual({ allowed: true, remaining: 1 });
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 0 });
    expect((await authenticateAccessTokenAndCount(token, null))?.limit).toEqual({ allowed: true, remaining: Number.POSITIVE_INFINITY });
  });

  it("counts nothing for a token it refuses: unknown, expired or revoked", async () => {
    const { client, token } = await newAccessToken("OAuth refused");
    const limit = policy();
    const unknown = `bro_${crypto.randomBytes(32).toString("base64url")}`;
    expect(await authenticateAccessTokenAndCount(unknown, { policy: limit, key: unknown })).toBeNull();
    expect(await authenticateAccessTokenAndCount(token, { policy: limit, key: token }, new Date(Date.now() + 2 * 3600_000))).toBeNull();
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 2 });
    await revokeOAuthToken(client, token);
    expect(await authenticateAccessTokenAndCount(token, { policy: limit, key: token })).toBeNull();
    expect(await consumeRateLimit(limit, unknown)).toEqual({ allowed: true, remaining: 2 });
    expect(await consumeRateLimit(limit, token)).toEqual({ allowed: true, remaining: 1 });
  });
});
