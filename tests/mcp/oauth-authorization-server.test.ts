import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s256 } from "@/lib/oauth/pkce";
import { jsonRpcOf, mcpServer } from "../support/mcp-clients";
import { sealedRequestOf, signInOverHttp, type CookieJar } from "../support/web-session";

const server = mcpServer();
const { origin } = server;
const resource = `${origin}/api/mcp`;
let jar: CookieJar;
let metadataServer: http.Server;
let metadataBase: string;

beforeAll(async () => {
  jar = await signInOverHttp(origin, server.person.email, server.person.password);
  metadataServer = http.createServer((req, res) => {
    const url = `${metadataBase}${req.url}`;
    res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=300" });
    res.end(JSON.stringify({ client_id: url, client_name: "Metadata Client", redirect_uris: ["http://127.0.0.1/callback"], grant_types: ["authorization_code", "refresh_token"] }));
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, "127.0.0.1", resolve));
  metadataBase = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => metadataServer.close(() => resolve())));

async function register(body: Record<string, unknown> = {}): Promise<{ client_id: string; client_secret?: string }> {
  const response = await fetch(`${origin}/api/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Route Test", redirect_uris: ["http://127.0.0.1/callback", "cursor://briefs.test/cb"], ...body }),
  });
  expect(response.status).toBe(201);
  return response.json();
}

function pkce() {
  const verifier = crypto.randomBytes(32).toString("base64url");
  return { verifier, challenge: s256(verifier) };
}

function authorizeUrl(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return `${origin}/oauth/authorize?${query}`;
}

async function getAuthorize(params: Record<string, string | undefined>, signedIn = true): Promise<Response> {
  return fetch(authorizeUrl(params), { redirect: "manual", headers: signedIn ? { cookie: jar.header() } : {} });
}

async function decide(html: string, decision: "approve" | "deny", scopes: string[] = ["brief:read", "brief:write"]): Promise<URL> {
  const form = new URLSearchParams({ request: sealedRequestOf(html), decision });
  for (const scope of scopes) form.append("scope", scope);
  const response = await fetch(`${origin}/oauth/authorize/decision`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin },
    body: form,
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

async function token(form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
}

/** Through consent to a code, as a browser would go. */
async function codeFor(clientId: string, options: { redirectUri?: string; scopes?: string[] } = {}) {
  const { verifier, challenge } = pkce();
  const redirectUri = options.redirectUri ?? "http://127.0.0.1:45678/callback";
  const page = await getAuthorize({ client_id: clientId, redirect_uri: redirectUri, response_type: "code", code_challenge: challenge, code_challenge_method: "S256", state: "st-1", resource });
  expect(page.status).toBe(200);
  const back = await decide(await page.text(), "approve", options.scopes);
  expect(back.searchParams.get("state")).toBe("st-1");
  expect(back.searchParams.get("iss")).toBe(origin);
  return { code: back.searchParams.get("code")!, verifier, redirectUri };
}

async function callMcp(accessToken: string): Promise<Response> {
  return fetch(`${origin}/api/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}

describe(`the OAuth authorization server on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("publishes RFC 8414 metadata and lists itself in the protected-resource document", async () => {
    const meta = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    expect(meta).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/api/oauth/token`,
      registration_endpoint: `${origin}/api/oauth/register`,
      revocation_endpoint: `${origin}/api/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
      response_types_supported: ["code"],
    });
    expect(meta.token_endpoint_auth_methods_supported).toContain("none");
    const prm = await (await fetch(`${origin}/.well-known/oauth-protected-resource/api/mcp`)).json();
    expect(prm).toMatchObject({ resource, authorization_servers: [origin] });
  });

  describe("authorization request errors", () => {
    const refusedRedirect = "The redirect_uri is not one the application registered, so Briefs will not send you there.";
    it.each([
      ["no client_id", () => ({ client_id: undefined }), "The request names no application (client_id is missing)."],
      ["an unknown client", () => ({ client_id: "no-such-client" }), "No application is registered with this client_id."],
      ["a redirect URI the client did not register", () => ({ redirect_uri: "https://evil.example/callback" }), refusedRedirect],
      ["a redirect URI differing only by path", () => ({ redirect_uri: "http://127.0.0.1:45678/callback/x" }), refusedRedirect],
      ["a metadata URL on a private address", () => ({ client_id: "https://10.0.0.5/client.json" }), "10.0.0.5 is not a public address."],
      ["a metadata URL on a loopback address", () => ({ client_id: "https://127.0.0.2/client.json" }), "127.0.0.2 is not a public address."],
    ])("%s gets the error page with status 400, never a redirect", async (_, change, message) => {
      const { client_id } = await register();
      const { challenge } = pkce();
      const params = { client_id, redirect_uri: "http://127.0.0.1:45678/callback", response_type: "code", code_challenge: challenge, code_challenge_method: "S256", ...change() };
      for (const signedIn of [true, false]) {
        const response = await getAuthorize(params, signedIn);
        expect(response.status).toBe(400);
        expect(response.headers.get("location")).toBeNull();
        const html = await response.text();
        expect(html).toContain("request cannot be accepted");
        expect(html).toContain(message);
      }
      const head = await fetch(authorizeUrl(params), { method: "HEAD", redirect: "manual" });
      expect(head.status).toBe(400);
      expect(head.headers.get("location")).toBeNull();
    });

    it.each([
      ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
      ["no response_type", { response_type: undefined }, "invalid_request"],
      ["no code_challenge", { code_challenge: undefined }, "invalid_request"],
      ["the plain method", { code_challenge_method: "plain" }, "invalid_request"],
      ["a malformed challenge", { code_challenge: "short" }, "invalid_request"],
      ["another resource", { resource: "https://elsewhere.example/api/mcp" }, "invalid_target"],
      ["only unknown scopes", { scope: "admin" }, "invalid_scope"],
    ])("%s goes back to the client with the error, state and iss", async (_, change, error) => {
      const { client_id } = await register();
      const { challenge } = pkce();
      const params = { client_id, redirect_uri: "http://127.0.0.1:45678/callback", response_type: "code", code_challenge: challenge, code_challenge_method: "S256", state: "abc", ...change };
      const response = await getAuthorize(params, false);
      expect(response.status).toBeGreaterThanOrEqual(302);
      expect(response.status).toBeLessThan(400);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin + location.pathname).toBe("http://127.0.0.1:45678/callback");
      expect(Object.fromEntries(location.searchParams)).toMatchObject({ error, state: "abc", iss: origin });
    });

    it("sends a signed-out person to sign in first, then back to the same request", async () => {
      const { client_id } = await register();
      const { challenge } = pkce();
      const response = await getAuthorize({ client_id, redirect_uri: "http://127.0.0.1:1/callback", response_type: "code", code_challenge: challenge, code_challenge_method: "S256" }, false);
      const location = new URL(response.headers.get("location")!, origin);
      expect(location.pathname).toBe("/signin");
      expect(location.searchParams.get("callbackUrl")).toMatch(/^\/oauth\/authorize\?client_id=/);
    });

    it("serves the consent page framed by nobody and cached by nobody", async () => {
      const { client_id } = await register();
      const { challenge } = pkce();
      const response = await getAuthorize({ client_id, redirect_uri: "http://127.0.0.1:1/callback", response_type: "code", code_challenge: challenge, code_challenge_method: "S256" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cache-control")).toContain("no-store");
      const html = await response.text();
      expect(html).toContain("Route Test");
      expect(html).toContain("unverified");
      expect(html).toContain("127.0.0.1:1");
      expect(html).toContain(server.person.email);
    });
  });

  it("refuses a decision from another origin, another person or a tampered form", async () => {
    const { client_id } = await register();
    const { challenge } = pkce();
    const page = await getAuthorize({ client_id, redirect_uri: "http://127.0.0.1:1/callback", response_type: "code", code_challenge: challenge, code_challenge_method: "S256" });
    const sealed = sealedRequestOf(await page.text());
    const post = (headers: Record<string, string>, request = sealed) =>
      fetch(`${origin}/oauth/authorize/decision`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ request, decision: "approve", scope: "brief:read" }),
        redirect: "manual",
      });
    const foreign = await post({ cookie: jar.header(), origin: "https://evil.example" });
    expect(foreign.headers.get("location")).toBe(`${origin}/oauth/error?reason=origin`);
    const signedOut = await post({ origin });
    expect(signedOut.headers.get("location")).toBe(`${origin}/oauth/error?reason=signed-out`);
    const tampered = await post({ cookie: jar.header(), origin }, `${sealed.slice(0, -3)}AAA`);
    expect(tampered.headers.get("location")).toBe(`${origin}/oauth/error?reason=expired`);
  });

  it("deny sends access_denied back to the client", async () => {
    const { client_id } = await register();
    const { challenge } = pkce();
    const page = await getAuthorize({ client_id, redirect_uri: "cursor://briefs.test/cb", response_type: "code", code_challenge: challenge, code_challenge_method: "S256", state: "q" });
    const back = await decide(await page.text(), "deny");
    expect(back.protocol).toBe("cursor:");
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: "access_denied", state: "q", iss: origin });
  });

  it("runs code → tokens → MCP → refresh → revoke, with the right answers at each misuse", async () => {
    const { client_id } = await register();
    const { code, verifier, redirectUri } = await codeFor(client_id, { scopes: ["brief:read"] });

    const exchanged = await token({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri, client_id, resource });
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.get("cache-control")).toBe("no-store");
    expect(exchanged.headers.get("access-control-allow-origin")).toBe("*");
    const tokens = await exchanged.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "brief:read" });

    const listed = await callMcp(tokens.access_token);
    expect(listed.status).toBe(200);
    const names = (await jsonRpcOf(listed)).result.tools.map((t: { name: string }) => t.name);
    expect(names).toContain("brief_get_full");
    expect(names).not.toContain("brief_update");

    // The code is single-use; its replay also revokes what it issued.
    const replay = await token({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri, client_id });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe("invalid_grant");
    expect((await callMcp(tokens.access_token)).status).toBe(401);

    // A fresh authorization, refreshed, then the old refresh token comes back within grace: allowed once more.
    const second = await codeFor(client_id);
    const pair = await (await token({ grant_type: "authorization_code", code: second.code, code_verifier: second.verifier, client_id })).json();
    const refreshed = await (await token({ grant_type: "refresh_token", refresh_token: pair.refresh_token, client_id })).json();
    expect(refreshed.refresh_token).toMatch(/^brr_/);
    expect(refreshed.refresh_token).not.toBe(pair.refresh_token);
    expect((await callMcp(refreshed.access_token)).status).toBe(200);

    // Revocation (RFC 7009) of the refresh token ends its family.
    const revoked = await fetch(`${origin}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshed.refresh_token, client_id }),
    });
    expect(revoked.status).toBe(200);
    expect((await callMcp(refreshed.access_token)).status).toBe(401);
    const afterRevoke = await token({ grant_type: "refresh_token", refresh_token: refreshed.refresh_token, client_id });
    expect((await afterRevoke.json()).error).toBe("invalid_grant");
  });

  it("answers token endpoint misuse with RFC 6749 errors", async () => {
    const { client_id } = await register();
    const secretClient = await register({ token_endpoint_auth_method: "client_secret_basic" });
    expect((await (await token({ grant_type: "password", client_id })).json()).error).toBe("unsupported_grant_type");
    expect((await (await token({ grant_type: "authorization_code", client_id })).json()).error).toBe("invalid_request");
    const unknown = await token({ grant_type: "authorization_code", code: "brc_x", code_verifier: "v".repeat(43), client_id: "nobody" });
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error).toBe("invalid_client");
    const badSecret = await token(
      { grant_type: "authorization_code", code: "brc_x", code_verifier: "v".repeat(43) },
      { authorization: `Basic ${Buffer.from(`${secretClient.client_id}:wrong`).toString("base64")}` },
    );
    expect(badSecret.status).toBe(401);
    const json = await fetch(`${origin}/api/oauth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect((await json.json()).error).toBe("invalid_request");
    const preflight = await fetch(`${origin}/api/oauth/token`, { method: "OPTIONS", headers: { origin: "https://inspector.example", "access-control-request-method": "POST" } });
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("accepts a client secret over Basic for a confidential client", async () => {
    const { client_id, client_secret } = await register({ token_endpoint_auth_method: "client_secret_basic" });
    const { code, verifier } = await codeFor(client_id);
    const basic = Buffer.from(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret!)}`).toString("base64");
    const response = await token({ grant_type: "authorization_code", code, code_verifier: verifier }, { authorization: `Basic ${basic}` });
    expect(response.status).toBe(200);
  });

  it("connects a client known by its metadata document, labelled with the verified domain", async () => {
    const clientId = `${metadataBase}/clients/${crypto.randomUUID()}.json`;
    const { verifier, challenge } = pkce();
    const page = await getAuthorize({ client_id: clientId, redirect_uri: "http://127.0.0.1:50111/callback", response_type: "code", code_challenge: challenge, code_challenge_method: "S256" });
    const html = await page.text();
    expect(html).toContain("Metadata Client");
    expect(html).toContain(`verified domain: <!-- -->${new URL(metadataBase).host}`);
    const back = await decide(html, "approve");
    const tokens = await (await token({ grant_type: "authorization_code", code: back.searchParams.get("code")!, code_verifier: verifier, client_id: clientId })).json();
    expect((await callMcp(tokens.access_token)).status).toBe(200);
  });

  it("never accepts OAuth tokens outside /api/mcp, nor personal tokens at the token endpoint", async () => {
    const { client_id } = await register();
    const { code, verifier } = await codeFor(client_id);
    const tokens = await (await token({ grant_type: "authorization_code", code, code_verifier: verifier, client_id })).json();
    const web = await fetch(`${origin}/api/briefs/any/stamp`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(web.status).toBe(401);
    const asRefresh = await token({ grant_type: "refresh_token", refresh_token: server.tokens.readWrite, client_id });
    expect((await asRefresh.json()).error).toBe("invalid_grant");
  });
});
