import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { bearer, callOk, connectV1, connectV2, jsonRpcOf, mcpServer, newKey, postMcp, type Loose } from "../support/mcp-clients";

const { tokens } = mcpServer();
type AnyClient = ClientV1 | ClientV2;

const content = {
  goal: "Let shoppers save a cart for later.",
  requirements: ["A signed-in shopper can save the current cart."],
  acceptanceCriteria: [{ id: "AC-1", text: "A saved cart appears under Saved carts." }],
  testingQaChecklist: [{ text: "Save a cart with three items", checked: false }],
};

type Fixture = { briefId: string; title: string; foreignBriefId: string; foreignTitle: string };

/** A brief of the agent at version 2 (version 1 unticked), and a brief of a stranger. */
async function setUp(agent: AnyClient, stranger: AnyClient, label: string): Promise<Fixture> {
  const title = `Saved carts ${label} ${newKey().slice(0, 8)}`;
  const { project } = await callOk(agent, "project_create", { name: `Resources ${label}`, idempotencyKey: newKey() });
  const { brief } = await callOk(agent, "brief_create", { projectId: project.id, title, content, idempotencyKey: newKey() });
  await callOk(agent, "brief_checklist_update", {
    briefId: brief.id,
    index: 0,
    expectedText: content.testingQaChecklist[0].text,
    checked: true,
    idempotencyKey: newKey(),
  });
  const foreignTitle = `Stranger's plan ${newKey().slice(0, 8)}`;
  const foreignProject = (await callOk(stranger, "project_create", { name: "Elsewhere", idempotencyKey: newKey() })).project;
  const foreign = (await callOk(stranger, "brief_create", { projectId: foreignProject.id, title: foreignTitle, content, idempotencyKey: newKey() })).brief;
  return { briefId: brief.id, title, foreignBriefId: foreign.id, foreignTitle };
}

const markdownOf = async (client: AnyClient, briefId: string, versionNum?: number) =>
  (await callOk(client, "brief_export", { briefId, ...(versionNum && { versionNum }) })).markdown as string;

const textOf = (result: { contents: Array<Loose> }) => result.contents[0].text as string;

describe.each([
  ["2025-11-25 (v1 SDK client)", connectV1],
  ["2026-07-28 (v2 SDK client)", connectV2],
] as const)(`brief resources and prompts over MCP %s on ${process.env.BRIEFS_TEST_DB}`, (revision, connect) => {
  let agent: AnyClient;
  let reader: AnyClient;
  let stranger: AnyClient;
  let fixture: Fixture;

  beforeAll(async () => {
    agent = await connect(tokens.readWrite);
    reader = await connect(tokens.readOnly);
    stranger = await connect(tokens.otherUser);
    fixture = await setUp(agent, stranger, revision.slice(0, 4));
  });
  afterAll(async () => {
    await Promise.all([agent?.close(), reader?.close(), stranger?.close()]);
  });

  it("lists the three resource templates", async () => {
    const { resourceTemplates } = await agent.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ name: "brief", uriTemplate: "brief://{briefId}", mimeType: "text/markdown" }),
      expect.objectContaining({ name: "brief-version", uriTemplate: "brief://{briefId}/versions/{versionNum}", mimeType: "text/markdown" }),
      expect.objectContaining({ name: "brief-templates", uriTemplate: "briefs://projects/{projectId}/templates", mimeType: "application/json" }),
    ]);
  });

  it("lists the caller's recent briefs, newest first, and none of anyone else's", async () => {
    // The list also holds brief_show's view (ui://…), which hosts with MCP Apps load for that tool.
    const resources = (await agent.listResources()).resources.filter((resource) => resource.uri.startsWith("brief://"));
    expect(resources.length).toBeLessThanOrEqual(50);
    const times = resources.map((resource) => String(resource.annotations?.lastModified));
    expect(times).toEqual([...times].sort().reverse());
    expect(resources.map((resource) => resource.uri)).not.toContain(`brief://${fixture.foreignBriefId}`);
    // Other test files write briefs of the same user meanwhile: the brief may have been pushed off a full list.
    const mine = resources.find((resource) => resource.uri === `brief://${fixture.briefId}`);
    if (mine) {
      expect(mine).toMatchObject({ name: fixture.title, title: fixture.title, mimeType: "text/markdown", description: expect.stringContaining("version 2") });
    } else {
      expect(resources).toHaveLength(50);
    }
    const theirs = (await stranger.listResources()).resources.map((resource) => resource.uri);
    expect(theirs).toContain(`brief://${fixture.foreignBriefId}`);
    expect(theirs).not.toContain(`brief://${fixture.briefId}`);
  });

  it("reads a brief as the Markdown export, now and at an earlier version", async () => {
    const now = await reader.readResource({ uri: `brief://${fixture.briefId}` });
    expect(now.contents).toEqual([{ uri: `brief://${fixture.briefId}`, mimeType: "text/markdown", text: await markdownOf(agent, fixture.briefId) }]);
    expect(textOf(now)).toContain("- [x] Save a cart with three items");

    const first = await reader.readResource({ uri: `brief://${fixture.briefId}/versions/1` });
    expect(textOf(first)).toBe(await markdownOf(agent, fixture.briefId, 1));
    expect(textOf(first)).toContain("- [ ] Save a cart with three items");
    expect(textOf(await reader.readResource({ uri: `brief://${fixture.briefId}/versions/2` }))).toBe(textOf(now));
  });

  it.each([
    ["a version the brief never had", (f: Fixture) => `brief://${f.briefId}/versions/9`],
    ["a version that is not a number", (f: Fixture) => `brief://${f.briefId}/versions/01`],
    ["another tenant's brief", (f: Fixture) => `brief://${f.foreignBriefId}`],
    ["another tenant's brief at a version", (f: Fixture) => `brief://${f.foreignBriefId}/versions/1`],
    ["no such brief", () => "brief://0196ffff-0000-7000-8000-000000000000"],
  ])("refuses to read %s, with an error and no content", async (_case, uriOf) => {
    const failure = await agent.readResource({ uri: uriOf(fixture) }).then(
      (result) => ({ result }),
      (error: { code?: number; message?: string }) => ({ error }),
    );
    expect("result" in failure).toBe(false);
    const { error } = failure as { error: { code?: number; message: string } };
    expect(error.code).toBe(-32602);
    expect(error.message).not.toContain(fixture.foreignTitle);
    expect(error.message).not.toContain("Save a cart");
  });

  it("completes a briefId by title and by id prefix, among readable briefs only", async () => {
    const ref = { type: "ref/resource" as const, uri: "brief://{briefId}" };
    const byTitle = await reader.complete({ ref, argument: { name: "briefId", value: fixture.title.slice(0, 20).toUpperCase() } });
    expect(byTitle.completion.values).toContain(fixture.briefId);
    const byId = await reader.complete({ ref, argument: { name: "briefId", value: fixture.briefId.slice(0, 24) } });
    expect(byId.completion.values).toContain(fixture.briefId);
    const foreign = await reader.complete({ ref, argument: { name: "briefId", value: fixture.foreignTitle } });
    expect(foreign.completion.values).toEqual([]);
    const foreignId = await reader.complete({ ref, argument: { name: "briefId", value: fixture.foreignBriefId } });
    expect(foreignId.completion.values).toEqual([]);
  });

  it("completes a version number from the brief named in the context", async () => {
    const ref = { type: "ref/resource" as const, uri: "brief://{briefId}/versions/{versionNum}" };
    const mine = await reader.complete({ ref, argument: { name: "versionNum", value: "" }, context: { arguments: { briefId: fixture.briefId } } });
    expect(mine.completion.values).toEqual(["2", "1"]);
    const theirs = await reader.complete({
      ref,
      argument: { name: "versionNum", value: "" },
      context: { arguments: { briefId: fixture.foreignBriefId } },
    });
    expect(theirs.completion.values).toEqual([]);
  });

  it("lists the three prompts, each with a briefId argument that completes", async () => {
    const { prompts } = await reader.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(["implement_brief", "review_brief", "qa_pass"]);
    for (const prompt of prompts) expect(prompt.arguments?.[0]).toMatchObject({ name: "briefId", required: true });
    expect(prompts[1].arguments?.[1]).toMatchObject({ name: "focus", required: false });
    for (const name of ["implement_brief", "review_brief", "qa_pass"]) {
      const completion = await reader.complete({
        ref: { type: "ref/prompt", name },
        argument: { name: "briefId", value: fixture.title.slice(0, 20) },
      });
      expect(completion.completion.values, name).toContain(fixture.briefId);
    }
  });

  it("gets implement_brief with the brief attached as a resource and the work to do", async () => {
    const prompt = await reader.getPrompt({ name: "implement_brief", arguments: { briefId: fixture.briefId } });
    expect(prompt.messages).toHaveLength(2);
    expect(prompt.messages[0]).toEqual({
      role: "user",
      content: {
        type: "resource",
        resource: { uri: `brief://${fixture.briefId}`, mimeType: "text/markdown", text: await markdownOf(agent, fixture.briefId) },
      },
    });
    const task = (prompt.messages[1].content as { type: string; text: string }).text;
    expect(prompt.messages[1].content.type).toBe("text");
    for (const words of ["brief_get_full", "brief_checklist_update", "expectedText", "ifVersionNum", "idempotencyKey", "brief_work_order_update", "brief_evidence_add", "brief_trace"]) {
      expect(task).toContain(words);
    }
  });

  it("gets review_brief with its focus, and qa_pass", async () => {
    const review = await reader.getPrompt({ name: "review_brief", arguments: { briefId: fixture.briefId, focus: "refund edge cases" } });
    const reviewTask = (review.messages[1].content as { text: string }).text;
    expect(reviewTask).toContain("refund edge cases");
    // A review suggests; a person decides (docs/contract.md#proposals).
    expect(reviewTask).toContain("brief_propose");
    expect(reviewTask).toContain("no brief_update");
    const qa = await reader.getPrompt({ name: "qa_pass", arguments: { briefId: fixture.briefId } });
    expect(qa.messages[0].content.type).toBe("resource");
    // Ticking is not proof: the QA pass records evidence, and a failure opens a finding.
    const qaTask = (qa.messages[1].content as { text: string }).text;
    expect(qaTask).toContain("brief_evidence_add");
    expect(qaTask).toContain("finding");
  });

  it("refuses a prompt for another tenant's brief, with an error and nothing of the brief", async () => {
    const failure = await reader.getPrompt({ name: "implement_brief", arguments: { briefId: fixture.foreignBriefId } }).then(
      () => undefined,
      (error: { code?: number; message: string }) => error,
    );
    expect(failure?.code).toBe(-32602);
    expect(failure?.message).toMatch(/does not exist or you do not have access/);
    expect(failure?.message).not.toContain(fixture.foreignTitle);
  });
});

describe(`brief resources and prompts need brief:read on ${process.env.BRIEFS_TEST_DB}`, () => {
  const message = (method: string, params: Loose = {}) => ({ jsonrpc: "2.0", id: 1, method, params });

  it.each([
    ["resources/list", "resources"],
    ["resources/templates/list", "resourceTemplates"],
    ["prompts/list", "prompts"],
    ["tools/list", "tools"],
  ])("a token without it lists nothing in %s", async (method, key) => {
    const response = await postMcp(message(method), bearer(tokens.writeOnly));
    expect(response.status).toBe(200);
    expect((await jsonRpcOf(response)).result[key]).toEqual([]);
  });

  it.each([
    ["resources/read", { uri: "brief://anything" }],
    ["prompts/get", { name: "implement_brief", arguments: { briefId: "anything" } }],
    ["completion/complete", { ref: { type: "ref/resource", uri: "brief://{briefId}" }, argument: { name: "briefId", value: "" } }],
  ])("a token without it gets HTTP 403 insufficient_scope for %s", async (method, params) => {
    const response = await postMcp(message(method, params), bearer(tokens.writeOnly));
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="insufficient_scope", scope="brief:read"/);
    expect(await response.json()).toMatchObject({ error: "insufficient_scope" });
  });
});
