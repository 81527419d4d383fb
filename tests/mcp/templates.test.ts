import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { callOk, callTool, connectV1, connectV2, mcpServer, newKey, type Loose } from "../support/mcp-clients";

const { tokens } = mcpServer();
type AnyClient = ClientV1 | ClientV2;
type Listed = { projectId: string; templates: Array<{ id: string; name: string; description: string | null; sections: string[] }> };

const builtIns = ["Product requirements", "Bug fix", "Technical design", "Experiment"];

async function readTemplates(client: AnyClient, projectId: string): Promise<Listed> {
  const { contents } = await client.readResource({ uri: `briefs://projects/${projectId}/templates` });
  expect(contents).toHaveLength(1);
  expect(contents[0]).toMatchObject({ uri: `briefs://projects/${projectId}/templates`, mimeType: "application/json" });
  return JSON.parse((contents[0] as Loose).text) as Listed;
}

async function briefTitles(client: AnyClient, projectId: string): Promise<string[]> {
  return ((await callOk(client, "brief_list", { projectId, limit: 200 })).items as Array<{ title: string }>).map((b) => b.title);
}

describe.each([
  ["2025-11-25 (v1 SDK client)", connectV1],
  ["2026-07-28 (v2 SDK client)", connectV2],
] as const)(`brief templates over MCP %s on ${process.env.BRIEFS_TEST_DB}`, (revision, connect) => {
  let agent: AnyClient;
  let reader: AnyClient;
  let stranger: AnyClient;
  let projectId: string;
  let otherProjectId: string;
  let foreignProjectId: string;

  beforeAll(async () => {
    [agent, reader, stranger] = await Promise.all([connect(tokens.readWrite), connect(tokens.readOnly), connect(tokens.otherUser)]);
    const name = `Templates ${revision.slice(0, 4)} ${newKey().slice(0, 8)}`;
    projectId = (await callOk(agent, "project_create", { name, idempotencyKey: newKey() })).project.id;
    otherProjectId = (await callOk(agent, "project_create", { name: `${name} other`, idempotencyKey: newKey() })).project.id;
    foreignProjectId = (await callOk(stranger, "project_create", { name: "Elsewhere", idempotencyKey: newKey() })).project.id;
  });
  afterAll(async () => {
    await Promise.all([agent?.close(), reader?.close(), stranger?.close()]);
  });

  it("reads a project's templates: id, name, description and the sections each fills", async () => {
    const listed = await readTemplates(reader, projectId);
    expect(listed.projectId).toBe(projectId);
    expect(listed.templates.map((t) => t.name)).toEqual(builtIns);
    for (const template of listed.templates) {
      expect(Object.keys(template).sort()).toEqual(["description", "id", "name", "sections"]);
      expect(template.description).toBeTruthy();
      expect(template.sections).toEqual(expect.arrayContaining(["goal", "requirements", "acceptanceCriteria", "testingQaChecklist"]));
    }
  });

  it("lists one templates resource per project of the caller, and completes projectId by name", async () => {
    const uris = (await agent.listResources()).resources.map((r) => r.uri);
    expect(uris).toContain(`briefs://projects/${projectId}/templates`);
    expect(uris).not.toContain(`briefs://projects/${foreignProjectId}/templates`);
    const ref = { type: "ref/resource" as const, uri: "briefs://projects/{projectId}/templates" };
    const byName = await reader.complete({ ref, argument: { name: "projectId", value: `templates ${revision.slice(0, 4)}` } });
    expect(byName.completion.values).toContain(projectId);
    const foreign = await reader.complete({ ref, argument: { name: "projectId", value: foreignProjectId } });
    expect(foreign.completion.values).toEqual([]);
  });

  it("refuses another tenant's templates with resource-not-found and nothing of them", async () => {
    const failure = await agent.readResource({ uri: `briefs://projects/${foreignProjectId}/templates` }).then(
      () => undefined,
      (error: { code?: number; message: string }) => error,
    );
    expect(failure?.code).toBe(-32602);
    expect(failure?.message).not.toContain("Product requirements");
  });

  it("brief_create with template starts the brief with the template's content", async () => {
    const { templates } = await readTemplates(agent, projectId);
    const experiment = templates.find((t) => t.name === "Experiment")!;
    const { brief } = await callOk(agent, "brief_create", { projectId, title: "Shorter onboarding", template: experiment.id, idempotencyKey: newKey() });
    expect(brief).toMatchObject({ versionNum: 1, state: "drafting" });
    const full = await callOk(agent, "brief_get_full", { briefId: brief.id });
    const sections = Object.keys(full.brief.content).filter((key) => key !== "checklist");
    expect(sections).toEqual(experiment.sections);
    expect(full.brief.content.goal).toMatch(/^The hypothesis/);
    expect(full.brief.content.testingQaChecklist.every((row: Loose) => row.checked === false)).toBe(true);
  });

  it.each([
    ["template with content", (t: string) => ({ template: t, content: { goal: "x" } }), ["content", "template"]],
    ["an unknown template", () => ({ template: "0196ffff-0000-7000-8000-000000000000" }), ["template"]],
  ])("refuses %s with VALIDATION_ERROR naming the argument, writing nothing", async (_case, argsOf, paths) => {
    const [first] = (await readTemplates(agent, projectId)).templates;
    const before = await briefTitles(agent, projectId);
    const answer = await callTool(agent, "brief_create", { projectId, title: "Refused", ...argsOf(first.id), idempotencyKey: newKey() });
    expect(answer.isError).toBe(true);
    const error = (answer.structuredContent as Loose).error;
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details.issues.map((issue: Loose) => issue.path)).toEqual(paths);
    expect(await briefTitles(agent, projectId)).toEqual(before);
  });

  it("refuses a template of another project, the caller's own or a stranger's, writing nothing", async () => {
    const [mineElsewhere] = (await readTemplates(agent, otherProjectId)).templates;
    const [theirs] = (await readTemplates(stranger, foreignProjectId)).templates;
    const before = await briefTitles(agent, projectId);
    const own = await callTool(agent, "brief_create", { projectId, title: "Refused", template: mineElsewhere.id, idempotencyKey: newKey() });
    expect((own.structuredContent as Loose).error).toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "template", message: expect.stringContaining("another project") }] } });
    const foreign = await callTool(agent, "brief_create", { projectId, title: "Refused", template: theirs.id, idempotencyKey: newKey() });
    expect((foreign.structuredContent as Loose).error).toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "template", message: "There is no template with this id in the project." }] } });
    expect(await briefTitles(agent, projectId)).toEqual(before);
  });
});
