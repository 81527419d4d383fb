import { beforeAll, describe, expect, it } from "vitest";
import { errorCodes } from "@/lib/errors";
import { mcpServer } from "../support/mcp-clients";
import { signInOverHttp, type CookieJar } from "../support/web-session";

// The web editor's checklist route refuses bad requests before any service runs, with codes of the closed set.
const server = mcpServer();
const url = `${server.origin}/api/briefs/some-brief/checklist`;
let jar: CookieJar;

beforeAll(async () => {
  jar = await signInOverHttp(server.origin, server.person.email, server.person.password);
});

async function post(body: BodyInit, headers: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body, headers });
  const json = (await response.json()) as { ok: boolean; error: { code: string; details?: Record<string, unknown> } };
  expect(json.ok).toBe(false);
  expect(errorCodes).toContain(json.error.code);
  return { status: response.status, error: json.error };
}

describe(`the checklist route's refusals on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("403 for a foreign Origin", async () => {
    const answer = await post("{}", { "content-type": "application/json", origin: "https://evil.example", cookie: jar.header() });
    expect(answer).toMatchObject({ status: 403, error: { code: "PROJECT_ACCESS_DENIED" } });
  });

  it("415 for a body that is not JSON", async () => {
    const answer = await post("index=0", { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() });
    expect(answer).toMatchObject({ status: 415, error: { code: "VALIDATION_ERROR" } });
  });

  it("401 without a session", async () => {
    const answer = await post("{}", { "content-type": "application/json" });
    expect(answer).toMatchObject({ status: 401, error: { code: "PROJECT_ACCESS_DENIED" } });
  });

  it("413 for a body over 1 MiB", async () => {
    const answer = await post(JSON.stringify({ pad: "x".repeat(1024 * 1024) }), { "content-type": "application/json", cookie: jar.header() });
    expect(answer).toMatchObject({ status: 413, error: { code: "CONTENT_TOO_LARGE", details: { limit: 1024 * 1024 } } });
  });

  it("400 for a body that is not UTF-8, instead of storing replacement characters", async () => {
    const body = Buffer.concat([Buffer.from('{"index":0,"expectedText":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","checked":true,"idempotencyKey":"k"}')]);
    const answer = await post(body, { "content-type": "application/json", cookie: jar.header() });
    expect(answer).toMatchObject({ status: 400, error: { code: "VALIDATION_ERROR" } });
  });
});
