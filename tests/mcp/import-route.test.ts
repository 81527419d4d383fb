import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { errorCodes } from "@/lib/errors";
import { callOk, connectV1, mcpServer, newKey } from "../support/mcp-clients";
import { signInOverHttp, type CookieJar } from "../support/web-session";

// The browser's import route without a browser: its gates, its refusals, the compact preview and
// an import retried with the same key. The signed-in person is an editor of one project and a
// viewer of another, both made by an agent over MCP.
const server = mcpServer();
const prd = fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import/markdown/guest-checkout-prd.md"));
let jar: CookieJar;
let agent: Client;
let editorOf: string;
let viewerOf: string;

beforeAll(async () => {
  agent = await connectV1(server.tokens.readWrite);
  editorOf = (await callOk(agent, "project_create", { name: "Import route", idempotencyKey: newKey() })).project.id;
  viewerOf = (await callOk(agent, "project_create", { name: "Import route, read only", idempotencyKey: newKey() })).project.id;
  await callOk(agent, "project_member_set", { projectId: editorOf, email: server.person.email, role: "editor", idempotencyKey: newKey() });
  await callOk(agent, "project_member_set", { projectId: viewerOf, email: server.person.email, role: "viewer", idempotencyKey: newKey() });
  jar = await signInOverHttp(server.origin, server.person.email, server.person.password);
});
afterAll(() => agent?.close());

function form(fields: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array }> = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const file of files) body.append("files", new Blob([Buffer.from(file.bytes)], { type: "text/markdown" }), file.name);
  return body;
}

async function post(projectId: string, body: FormData, headers: Record<string, string> = { origin: server.origin, cookie: jar.header() }) {
  const response = await fetch(`${server.origin}/api/projects/${projectId}/import`, { method: "POST", body, headers });
  const text = await response.text();
  // Never a stack trace, whatever the answer.
  expect(text).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json = JSON.parse(text) as { ok: boolean; data?: any; error?: { code: string; message: string; details?: any } };
  if (!json.ok) expect(errorCodes).toContain(json.error!.code);
  return { status: response.status, ...json };
}

const prdFile = { name: "guest-checkout-prd.md", bytes: prd };

describe(`the import route on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("refuses another origin, no session, and people who may not write, before reading anything", async () => {
    expect(await post(editorOf, form({ mode: "preview" }, [prdFile]), { origin: "https://evil.example", cookie: jar.header() })).toMatchObject({ status: 403, error: { code: "PROJECT_ACCESS_DENIED" } });
    expect(await post(editorOf, form({ mode: "preview" }, [prdFile]), { origin: server.origin })).toMatchObject({ status: 401, error: { code: "PROJECT_ACCESS_DENIED" } });
    expect(await post(viewerOf, form({ mode: "preview" }, [prdFile]))).toMatchObject({ status: 404, error: { code: "PROJECT_ACCESS_DENIED" } });
    expect(await post("no-such-project", form({ mode: "preview" }, [prdFile]))).toMatchObject({ status: 404, error: { code: "PROJECT_ACCESS_DENIED" } });
    expect(await post(viewerOf, form({ mode: "import", idempotencyKey: newKey() }, [prdFile]))).toMatchObject({ status: 404, error: { code: "PROJECT_ACCESS_DENIED" } });
  });

  it("previews compactly: per brief its source, headings, checklist rows and the start of each section", async () => {
    const answer = await post(editorOf, form({ mode: "preview", text: "# Pasted\n\n## Goal\n\n" + "long ".repeat(200), choices: JSON.stringify({ "guest-checkout-prd.md": { 9: "goal" } }) }, [prdFile]));
    expect(answer.status).toBe(200);
    const [fromFile, pasted] = answer.data.briefs;
    expect(Object.keys(fromFile).sort()).toEqual(["checklist", "format", "headings", "notes", "sections", "source", "title"]);
    expect(fromFile).toMatchObject({ source: "guest-checkout-prd.md", title: "Guest checkout", format: "markdown" });
    expect(fromFile.headings).toContainEqual({ heading: "Background", depth: 2, line: 9, section: "goal", placement: "section" });
    expect(fromFile.headings).toContainEqual({ heading: "Payment page", depth: 3, line: 27, section: "productSolution", placement: "inside" });
    expect(fromFile.checklist[0]).toEqual({ text: "Pay with a test card as a guest", checked: true });
    expect(pasted).toMatchObject({ source: "pasted.md", title: "Pasted" });
    expect([...pasted.sections[0].text]).toHaveLength(200);
  });

  it("names the file of each refusal: text that is not UTF-8, a file over 10 MB, two files of one name; refuses choices that are not JSON and a body over 40 MB", async () => {
    const broken = await post(editorOf, form({ mode: "preview" }, [prdFile, { name: "broken.md", bytes: new Uint8Array([0x23, 0x20, 0xff]) }]));
    expect(broken).toMatchObject({ status: 400, error: { code: "VALIDATION_ERROR", details: { issues: [{ path: "broken.md", message: expect.stringContaining("is not valid UTF-8 text") }] } } });
    const large = await post(editorOf, form({ mode: "preview" }, [{ name: "large.md", bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61) }]));
    expect(large).toMatchObject({ status: 413, error: { code: "CONTENT_TOO_LARGE", details: { issues: [{ path: "large.md" }] } } });
    const nineMb = new Uint8Array(9 * 1024 * 1024).fill(0x61);
    const tooMuch = await post(editorOf, form({ mode: "preview" }, [1, 2, 3, 4, 5].map((n) => ({ name: `part-${n}.md`, bytes: nineMb }))));
    expect(tooMuch).toMatchObject({ status: 413, error: { code: "CONTENT_TOO_LARGE", details: { limit: 40 * 1024 * 1024 } } });
    const twice = await post(editorOf, form({ mode: "preview" }, [prdFile, prdFile]));
    expect(twice).toMatchObject({ status: 400, error: { details: { issues: [{ path: "guest-checkout-prd.md" }] } } });
    const choices = await post(editorOf, form({ mode: "preview", choices: "{" }, [prdFile]));
    expect(choices).toMatchObject({ status: 400, error: { details: { issues: [{ path: "choices" }] } } });
    const mode = await post(editorOf, form({ mode: "write" }, [prdFile]));
    expect(mode).toMatchObject({ status: 400, error: { details: { issues: [{ path: "mode" }] } } });
  });

  it("imports once per idempotency key: the retry reports the same briefs", async () => {
    const key = newKey();
    const first = await post(editorOf, form({ mode: "import", idempotencyKey: key }, [prdFile]));
    const again = await post(editorOf, form({ mode: "import", idempotencyKey: key }, [prdFile]));
    expect(first).toMatchObject({ status: 200, data: { briefs: [{ title: "Guest checkout", source: "guest-checkout-prd.md" }] } });
    expect(again.data).toEqual(first.data);
    const listed = await callOk(agent, "brief_list", { projectId: editorOf });
    expect(listed.items.filter((brief: { title: string }) => brief.title === "Guest checkout")).toHaveLength(1);
    const noKey = await post(editorOf, form({ mode: "import" }, [prdFile]));
    expect(noKey).toMatchObject({ status: 400, error: { details: { issues: [{ path: "idempotencyKey" }] } } });
  });
});
