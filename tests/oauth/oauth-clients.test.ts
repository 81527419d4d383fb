import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { registerClient } from "@/lib/oauth/register-client";
import { rateLimitPolicy } from "@/lib/rate-limit/policy-in-force";
import { resolveClient } from "@/lib/oauth/resolve-client";
import { checkAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { newVerifier } from "../support/oauth";

// Client metadata documents are served by this test on loopback, which only this setting permits.
process.env.BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK = "1";

type Served = { status?: number; headers?: Record<string, string>; body: string };
const documents = new Map<string, Served>();
const hits = new Map<string, number>();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    const doc = documents.get(req.url!);
    if (!doc) return res.writeHead(404).end();
    res.writeHead(doc.status ?? 200, { "content-type": "application/json", ...doc.headers }).end(doc.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function serve(path: string, doc: Record<string, unknown> | string, extra: Omit<Served, "body"> = {}): string {
  const url = `${base}${path}`;
  documents.set(path, { ...extra, body: typeof doc === "string" ? doc.replaceAll("{url}", url) : JSON.stringify({ client_id: url, ...doc }) });
  return url;
}

async function failure(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

describe(`OAuth clients on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("register through DCR: public, with a secret, custom schemes and several redirect URIs at once", async () => {
    const cursor = await registerClient(
      {
        client_name: "Cursor",
        redirect_uris: ["cursor://anysphere.cursor-mcp/oauth/callback", "https://www.cursor.com/agents/mcp/oauth/callback", "http://localhost:8787/callback"],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
        unknown_member: "ignored",
      },
      "203.0.113.1",
    );
    expect(cursor).toMatchObject({ client_name: "Cursor", token_endpoint_auth_method: "none" });
    expect(cursor).not.toHaveProperty("client_secret");
    expect(String(cursor.client_id)).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const claude = await registerClient(
      { client_name: "Claude", redirect_uris: ["https://claude.ai/api/mcp/auth_callback"], token_endpoint_auth_method: "client_secret_post" },
      "203.0.113.1",
    );
    expect(claude).toMatchObject({ client_secret_expires_at: 0 });
    expect(String(claude.client_secret)).toMatch(/^brs_/);
  });

  it.each([
    [{ redirect_uris: [] }, "invalid_redirect_uri"],
    [{ redirect_uris: ["http://evil.example/cb"] }, "invalid_redirect_uri"],
    [{ redirect_uris: ["https://ok.example/cb", "javascript:alert(1)"] }, "invalid_redirect_uri"],
    [{ redirect_uris: ["https://ok.example/cb"], grant_types: ["client_credentials"] }, "invalid_client_metadata"],
    [{ redirect_uris: ["https://ok.example/cb"], token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata"],
    [{ redirect_uris: ["https://ok.example/cb"], client_name: "a\u0000b" }, "invalid_client_metadata"],
    ["not an object", "invalid_client_metadata"],
  ])("refuse bad registrations without storing anything: %j", async (body, code) => {
    const prisma = await getPrisma();
    const before = await prisma.oAuthClient.count();
    expect((await failure(registerClient(body, "203.0.113.2"))).error).toBe(code);
    expect(await prisma.oAuthClient.count()).toBe(before);
  });

  it("limit registrations per address", async () => {
    const address = `192.0.2.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < rateLimitPolicy("oauth-register-address")!.points; i++) {
      await registerClient({ redirect_uris: ["https://ok.example/cb"] }, address);
    }
    const refused = await failure(registerClient({ redirect_uris: ["https://ok.example/cb"] }, address));
    expect(refused.status).toBe(429);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    await expect(registerClient({ redirect_uris: ["https://ok.example/cb"] }, `${address}0`)).resolves.toHaveProperty("client_id");
  });

  it("fetch a client metadata document, validate it and cache it as its headers allow", async () => {
    const url = serve("/claude-code.json", { client_name: "Claude Code", redirect_uris: ["http://localhost/callback", "http://127.0.0.1/callback"] }, {
      headers: { "cache-control": "public, max-age=600" },
    });
    const first = await resolveClient(url);
    expect(first).toMatchObject({ ok: true, client: { kind: "cimd", name: "Claude Code", authMethod: "none" } });
    await resolveClient(url);
    expect(hits.get("/claude-code.json")).toBe(1);

    // The document lists port-less loopback redirects; the client uses an ephemeral port.
    const { challenge } = newVerifier();
    const check = await checkAuthorizationRequest(
      new URLSearchParams({ client_id: url, redirect_uri: "http://localhost:53682/callback", response_type: "code", code_challenge: challenge, code_challenge_method: "S256" }),
    );
    expect(check.kind).toBe("ok");

    const uncached = serve("/no-store.json", { client_name: "Fresh", redirect_uris: ["https://app.example/cb"] }, { headers: { "cache-control": "no-store" } });
    await resolveClient(uncached);
    await resolveClient(uncached);
    expect(hits.get("/no-store.json")).toBe(2);
  });

  it.each([
    ["/wrong-id.json", JSON.stringify({ client_id: "https://elsewhere.example/x.json", client_name: "X", redirect_uris: ["https://a.example/cb"] }), {}, /client_id/],
    ["/no-name.json", '{"client_id":"{url}","redirect_uris":["https://a.example/cb"]}', {}, /client_name/],
    ["/no-redirects.json", '{"client_id":"{url}","client_name":"X","redirect_uris":[]}', {}, /redirect/],
    ["/secret.json", '{"client_id":"{url}","client_name":"X","redirect_uris":["https://a.example/cb"],"token_endpoint_auth_method":"client_secret_post"}', {}, /token_endpoint_auth_method/],
    ["/not-json.json", "<html>", {}, /not JSON/],
    ["/redirect.json", "{}", { status: 302, headers: { location: "https://elsewhere.example/" } }, /redirects are not followed/],
    ["/huge.json", `{"client_id":"{url}","pad":"${"x".repeat(20_000)}"}`, {}, /larger than/],
    ["/missing.json", null, {}, /answered 404/],
  ])("refuse the metadata document %s", async (path, body, extra, why) => {
    if (body !== null) serve(path, body, extra);
    const resolved = await resolveClient(`${base}${path}`);
    expect(resolved).toMatchObject({ ok: false });
    expect((resolved as { reason: string }).reason).toMatch(why);
  });

  it("refuse metadata URLs that are not in a safe, normal form", async () => {
    for (const id of [`${base}/`, `${base}/a/../b.json`, `${base}/x.json#frag`, "https://user:pw@example.com/c.json", "https://Example.com/c.json"]) {
      expect(await resolveClient(id)).toMatchObject({ ok: false });
    }
  });

  it("refuse private addresses even with the loopback test setting on", async () => {
    const resolved = await resolveClient("http://10.1.2.3/client.json");
    expect(resolved).toMatchObject({ ok: false });
    expect((resolved as { reason: string }).reason).toMatch(/not a public address|https/);
    expect(await resolveClient("https://169.254.169.254/latest/meta-data.json")).toMatchObject({ ok: false });
  });
});
