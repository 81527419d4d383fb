import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { hashSecret } from "@/lib/oauth/client-secret";
import { exchangeAuthorizationCode } from "@/lib/oauth/exchange-authorization-code";
import { refreshTokens } from "@/lib/oauth/refresh-tokens";
import { revokeOAuthToken } from "@/lib/oauth/revoke-oauth-token";
import { authenticateAccessToken } from "@/lib/oauth/authenticate-access-token";
import { authenticateClient } from "@/lib/oauth/authenticate-client";
import { listConnectedApps, revokeConnectedApp } from "@/lib/oauth/connected-apps";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { ACCESS_TOKEN_TTL_MS, AUTHORIZATION_CODE_TTL_MS, REFRESH_REUSE_GRACE_MS } from "@/lib/oauth/token-lifetimes";
import { newUser } from "../support/fixtures";
import { approvedCode, registeredClient } from "../support/oauth";

async function oauthError(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

describe(`OAuth tokens on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("exchange a code once for tokens that act as the person, labelled with the app", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient({ client_name: "Claude" });
    const { code, verifier, request } = await approvedCode(alice.userId, client, { scopes: ["brief:read"] });

    const tokens = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: request.redirectUri, resource: request.resource });
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "brief:read" });
    expect(tokens.access_token).toMatch(/^bro_[A-Za-z0-9_-]{43}$/);
    expect(tokens.refresh_token).toMatch(/^brr_[A-Za-z0-9_-]{43}$/);

    expect(await authenticateAccessToken(tokens.access_token)).toEqual({
      userId: alice.userId,
      email: alice.email,
      label: `${alice.email} via Claude`,
      door: "mcp",
      scopes: ["brief:read"],
    });

    // Only hashes are stored.
    const prisma = await getPrisma();
    const rows = await prisma.oAuthToken.findMany({ where: { grant: { userId: alice.userId } } });
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashSecret(tokens.access_token), hashSecret(tokens.refresh_token!)].sort());
    const dump = JSON.stringify(await prisma.oAuthAuthorizationCode.findMany({ where: { grant: { userId: alice.userId } } }));
    expect(dump).not.toContain(code.slice(4));
  });

  it("let a person grant a client that asked to write only the right to suggest changes", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient({ client_name: "Reviewer" });
    const suggest = await approvedCode(alice.userId, client, { scopes: ["brief:read", "brief:propose"] });
    const tokens = await exchangeAuthorizationCode(client, { code: suggest.code, codeVerifier: suggest.verifier, redirectUri: suggest.request.redirectUri, resource: suggest.request.resource });
    expect(tokens.scope).toBe("brief:read brief:propose");
    expect((await authenticateAccessToken(tokens.access_token))?.scopes).toEqual(["brief:read", "brief:propose"]);
    // Writing includes suggesting: a grant that writes lists what was asked for, not what it includes.
    const write = await approvedCode(alice.userId, client, { scopes: ["brief:read", "brief:propose", "brief:write"] });
    const writing = await exchangeAuthorizationCode(client, { code: write.code, codeVerifier: write.verifier, redirectUri: write.request.redirectUri, resource: write.request.resource });
    expect(writing.scope).toBe("brief:read brief:write");
  });

  it("refuse a wrong verifier, another redirect URI, another client, another resource and a stale code", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { client: other } = await registeredClient();
    const { code, verifier, request } = await approvedCode(alice.userId, client);
    const base = { code, codeVerifier: verifier, redirectUri: request.redirectUri, resource: null };

    expect((await oauthError(exchangeAuthorizationCode(client, { ...base, codeVerifier: "x".repeat(43) }))).error).toBe("invalid_grant");
    expect((await oauthError(exchangeAuthorizationCode(client, { ...base, codeVerifier: null }))).error).toBe("invalid_request");
    expect((await oauthError(exchangeAuthorizationCode(client, { ...base, redirectUri: "http://127.0.0.1:1/other" }))).error).toBe("invalid_grant");
    expect((await oauthError(exchangeAuthorizationCode(other, base))).error).toBe("invalid_grant");
    expect((await oauthError(exchangeAuthorizationCode(client, { ...base, resource: "https://elsewhere.example/api/mcp" }))).error).toBe("invalid_target");
    const later = new Date(Date.now() + AUTHORIZATION_CODE_TTL_MS + 1000);
    expect((await oauthError(exchangeAuthorizationCode(client, base, later))).error).toBe("invalid_grant");

    // None of those failures used the code up.
    await expect(exchangeAuthorizationCode(client, base)).resolves.toMatchObject({ token_type: "Bearer" });
  });

  it("treat a replayed code as leaked: refuse it and revoke what it issued", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, client);
    const input = { code, codeVerifier: verifier, redirectUri: null, resource: null };
    const first = await exchangeAuthorizationCode(client, input);
    expect(await authenticateAccessToken(first.access_token)).not.toBeNull();

    expect((await oauthError(exchangeAuthorizationCode(client, input))).error).toBe("invalid_grant");
    expect(await authenticateAccessToken(first.access_token)).toBeNull();
    expect((await oauthError(refreshTokens(client, { refreshToken: first.refresh_token!, scope: null, resource: null }))).error).toBe("invalid_grant");
  });

  it("let exactly one of two concurrent exchanges of a code win", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, client);
    const input = { code, codeVerifier: verifier, redirectUri: null, resource: null };
    const results = await Promise.allSettled([exchangeAuthorizationCode(client, input), exchangeAuthorizationCode(client, input)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
  });

  it("rotate refresh tokens; a rotated one reused after the grace period revokes the whole grant", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, client);
    const first = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });

    const t0 = new Date();
    const second = await refreshTokens(client, { refreshToken: first.refresh_token!, scope: null, resource: null }, t0);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe("brief:read brief:write");
    const third = await refreshTokens(client, { refreshToken: second.refresh_token!, scope: "brief:read", resource: null }, t0);
    expect(third.scope).toBe("brief:read");
    expect((await authenticateAccessToken(third.access_token))?.scopes).toEqual(["brief:read"]);

    // The first refresh token, long retired, comes back: someone else holds it.
    const later = new Date(t0.getTime() + REFRESH_REUSE_GRACE_MS + 1000);
    expect((await oauthError(refreshTokens(client, { refreshToken: first.refresh_token!, scope: null, resource: null }, later))).error).toBe("invalid_grant");
    expect(await authenticateAccessToken(third.access_token)).toBeNull();
    expect((await oauthError(refreshTokens(client, { refreshToken: third.refresh_token!, scope: null, resource: null }))).error).toBe("invalid_grant");
    expect(await listConnectedApps(alice)).toEqual([]);
  });

  it("tolerate concurrent refreshes with one token within the grace period", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, client);
    const first = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });
    const input = { refreshToken: first.refresh_token!, scope: null, resource: null };
    const [a, b] = await Promise.all([refreshTokens(client, input), refreshTokens(client, input)]);
    expect(a.access_token).not.toBe(b.access_token);
    expect(await authenticateAccessToken(a.access_token)).not.toBeNull();
    expect(await authenticateAccessToken(b.access_token)).not.toBeNull();
  });

  it("refuse to widen scopes on refresh, and refresh tokens of another client", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { client: other } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, client, { scopes: ["brief:read"] });
    const first = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });
    expect((await oauthError(refreshTokens(client, { refreshToken: first.refresh_token!, scope: "brief:write", resource: null }))).error).toBe("invalid_scope");
    expect((await oauthError(refreshTokens(other, { refreshToken: first.refresh_token!, scope: null, resource: null }))).error).toBe("invalid_grant");
    // Failed attempts did not retire it.
    await expect(refreshTokens(client, { refreshToken: first.refresh_token!, scope: null, resource: null })).resolves.toMatchObject({ scope: "brief:read" });
  });

  it("stop working when expired or issued for another resource", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, client);
    const tokens = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });
    expect(await authenticateAccessToken(tokens.access_token, new Date(Date.now() + ACCESS_TOKEN_TTL_MS - 5000))).not.toBeNull();
    expect(await authenticateAccessToken(tokens.access_token, new Date(Date.now() + ACCESS_TOKEN_TTL_MS + 1000))).toBeNull();

    const prisma = await getPrisma();
    await prisma.oAuthToken.update({ where: { tokenHash: hashSecret(tokens.access_token) }, data: { resource: "https://other.example/api/mcp" } });
    expect(await authenticateAccessToken(tokens.access_token)).toBeNull();
  });

  it("revoke by the client (RFC 7009): an access token alone, a refresh token with its family", async () => {
    const alice = await newUser("Alice");
    const { client } = await registeredClient();
    const { client: other } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, client);
    const tokens = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });

    await revokeOAuthToken(other, tokens.access_token);
    expect(await authenticateAccessToken(tokens.access_token)).not.toBeNull();
    await revokeOAuthToken(client, tokens.access_token);
    expect(await authenticateAccessToken(tokens.access_token)).toBeNull();

    const next = await refreshTokens(client, { refreshToken: tokens.refresh_token!, scope: null, resource: null });
    await revokeOAuthToken(client, next.refresh_token!);
    expect(await authenticateAccessToken(next.access_token)).toBeNull();
    expect((await oauthError(refreshTokens(client, { refreshToken: next.refresh_token!, scope: null, resource: null }))).error).toBe("invalid_grant");
  });

  it("list connected apps, and disconnecting one stops its tokens at once", async () => {
    const alice = await newUser("Alice");
    const bob = await newUser("Bob");
    const { client } = await registeredClient({ client_name: "Cursor" });
    const { code, verifier } = await approvedCode(alice.userId, client, { scopes: ["brief:read"] });
    const tokens = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });
    await authenticateAccessToken(tokens.access_token);

    const [app] = await listConnectedApps(alice);
    expect(app).toMatchObject({ clientName: "Cursor", verifiedHost: null, scopes: ["brief:read"] });
    expect(app.lastUsedAt).not.toBeNull();
    expect(await listConnectedApps(bob)).toEqual([]);

    await expect(revokeConnectedApp(bob, app.grantId)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await authenticateAccessToken(tokens.access_token)).not.toBeNull();
    await revokeConnectedApp(alice, app.grantId);
    expect(await authenticateAccessToken(tokens.access_token)).toBeNull();
    expect(await listConnectedApps(alice)).toEqual([]);

    // Connecting again starts a fresh grant; the old tokens stay dead.
    const again = await approvedCode(alice.userId, client, { scopes: ["brief:read"] });
    const fresh = await exchangeAuthorizationCode(client, { code: again.code, codeVerifier: again.verifier, redirectUri: null, resource: null });
    expect(await authenticateAccessToken(fresh.access_token)).not.toBeNull();
    expect(await authenticateAccessToken(tokens.access_token)).toBeNull();
  });

  it("authenticate confidential clients by their secret, stored only as a hash", async () => {
    const { client, secret } = await registeredClient({ token_endpoint_auth_method: "client_secret_post" });
    expect(secret).toMatch(/^brs_/);
    expect(client.secretHash).toBe(hashSecret(secret!));
    await expect(authenticateClient({ clientId: client.id, clientSecret: secret! })).resolves.toMatchObject({ id: client.id });
    expect((await oauthError(authenticateClient({ clientId: client.id, clientSecret: "wrong" }))).status).toBe(401);
    expect((await oauthError(authenticateClient({ clientId: client.id, clientSecret: null }))).error).toBe("invalid_client");
    expect((await oauthError(authenticateClient({ clientId: "nobody", clientSecret: null }))).error).toBe("invalid_client");
  });
});

describe(`OAuth housekeeping on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("purges long-expired codes and tokens and unused self-registered clients, and nothing live", async () => {
    const { maybePurgeExpiredOAuthRows } = await import("@/lib/oauth/purge-expired-oauth-rows");
    const alice = await newUser("Alice");
    const { client: used } = await registeredClient();
    const { client: unused } = await registeredClient();
    const { code, verifier } = await approvedCode(alice.userId, used);
    const tokens = await exchangeAuthorizationCode(used, { code, codeVerifier: verifier, redirectUri: null, resource: null });

    // Age this test's rows (other tests share the database and must not be touched).
    const prisma = await getPrisma();
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
    await prisma.oAuthClient.update({ where: { id: unused.id }, data: { createdAt: daysAgo(31) } });
    await prisma.oAuthClient.update({ where: { id: used.id }, data: { createdAt: daysAgo(31) } });
    await prisma.oAuthToken.updateMany({ where: { tokenHash: hashSecret(tokens.access_token) }, data: { expiresAt: daysAgo(8) } });
    await prisma.oAuthAuthorizationCode.update({ where: { codeHash: hashSecret(code) }, data: { expiresAt: daysAgo(2) } });
    await prisma.$transaction((tx) => maybePurgeExpiredOAuthRows(tx, new Date(), () => 0));
    expect(await prisma.oAuthClient.findUnique({ where: { id: unused.id } })).toBeNull();
    expect(await prisma.oAuthClient.findUnique({ where: { id: used.id } })).not.toBeNull();
    expect(await prisma.oAuthToken.findUnique({ where: { tokenHash: hashSecret(tokens.access_token) } })).toBeNull();
    expect(await prisma.oAuthToken.findUnique({ where: { tokenHash: hashSecret(tokens.refresh_token!) } })).not.toBeNull();
    expect(await prisma.oAuthAuthorizationCode.findUnique({ where: { codeHash: hashSecret(code) } })).toBeNull();

    // A purge now removes nothing that still works.
    const fresh = await approvedCode(alice.userId, used);
    const live = await exchangeAuthorizationCode(used, { code: fresh.code, codeVerifier: fresh.verifier, redirectUri: null, resource: null });
    await prisma.$transaction((tx) => maybePurgeExpiredOAuthRows(tx, new Date(), () => 0));
    expect(await authenticateAccessToken(live.access_token)).not.toBeNull();
  });
});
