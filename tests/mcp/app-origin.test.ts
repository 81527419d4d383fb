import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { freePort, startAppServer, type AppServer } from "../support/app-server";

// A second app instance started the way a newcomer would on another port: no APP_URL at all.
let server: AppServer;
let port: number;
let dataDir: string | undefined;

beforeAll(async () => {
  port = await freePort();
  const onPostgres = process.env.BRIEFS_TEST_DB === "postgres";
  dataDir = onPostgres ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "briefs-origin-"));
  server = startAppServer(port, {
    APP_URL: undefined,
    BRIEFS_ALLOWED_ORIGINS: undefined,
    BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK: undefined,
    DATABASE_URL: onPostgres ? inject("databaseUrl") : undefined,
    BRIEFS_DATA_DIR: dataDir,
    AUTH_SECRET: "origin-test-secret-origin-test-secret-0123",
    BRIEFS_SEED_DEMO: "0",
  });
  // Ready when the metadata document answers (it needs no database).
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/.well-known/oauth-authorization-server`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${server.log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`the public origin without APP_URL on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("follows the port the app listens on, in the challenge, the resource metadata and the issuer", async () => {
    const local = `http://localhost:${port}`;
    const challenge = await fetch(`http://127.0.0.1:${port}/api/mcp`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${local}/.well-known/oauth-protected-resource/api/mcp"`);

    const prm = await (await fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource/api/mcp`)).json();
    expect(prm).toMatchObject({ resource: `${local}/api/mcp`, authorization_servers: [local] });
    const as = await (await fetch(`http://127.0.0.1:${port}/.well-known/oauth-authorization-server`)).json();
    expect(as.issuer).toBe(local);
    expect(as.token_endpoint).toBe(`${local}/api/oauth/token`);
  });

  it("is never taken from request headers", async () => {
    const spoofed = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const as = await (await fetch(`http://127.0.0.1:${port}/.well-known/oauth-authorization-server`, { headers: spoofed })).json();
    expect(as.issuer).toBe(`http://localhost:${port}`);
    const challenge = await fetch(`http://127.0.0.1:${port}/api/mcp`, { method: "POST", body: "{}", headers: { ...spoofed, "content-type": "application/json" } });
    expect(challenge.headers.get("www-authenticate")).not.toContain("evil.example");
  });

  it("is an allowed browser origin on its own port", async () => {
    const fromSelf = await fetch(`http://127.0.0.1:${port}/api/mcp`, { method: "POST", body: "{}", headers: { origin: `http://localhost:${port}`, "content-type": "application/json" } });
    expect(fromSelf.status).toBe(401);
    const fromElsewhere = await fetch(`http://127.0.0.1:${port}/api/mcp`, { method: "POST", body: "{}", headers: { origin: "https://evil.example", "content-type": "application/json" } });
    expect(fromElsewhere.status).toBe(403);
  });
});
