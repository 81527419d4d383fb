/**
 * brief_create with markdown and brief_export in each format, over HTTP through both official
 * clients (which check every result against its published output schema).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { callOk, callTool, connectV1, connectV2, mcpServer, newKey, type Loose } from "../support/mcp-clients";

const { tokens } = mcpServer();
const fixture = (name: string) => fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import", name), "utf8");

describe(`importing and exporting over MCP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let v1: ClientV1;
  let v2: ClientV2;
  let readOnly: ClientV1;
  let projectId: string;

  beforeAll(async () => {
    [v1, v2, readOnly] = await Promise.all([connectV1(tokens.readWrite), connectV2(tokens.readWrite), connectV1(tokens.readOnly)]);
    projectId = (await callOk(v1, "project_create", { name: "Imported", idempotencyKey: newKey() })).project.id;
  });
  afterAll(async () => {
    await Promise.all([v1?.close(), v2?.close(), readOnly?.close()]);
  });

  it.each(["v1", "v2"] as const)("creates a brief from Markdown through the %s client, its title from the document", async (which) => {
    const client = which === "v1" ? v1 : v2;
    const { brief } = await callOk(client, "brief_create", { projectId, markdown: fixture("markdown/github-prd.md"), idempotencyKey: newKey() });
    expect(brief).toMatchObject({ title: "Saved searches", versionNum: 1, state: "drafting" });
    expect(brief.content.requirements[0]).toBe("FR-1: A user can save the current filters under a name.");
    expect(brief.content.testingQaChecklist.map((row: Loose) => row.checked)).toEqual([true, false, false]);
    expect(brief.content.Background).toContain("| Filters rebuilt per day | 5 | 0 |");
  });

  it("gives back the same content when what brief_export wrote is created again", async () => {
    const content = {
      goal: "Ship it.\n\n```sh\n# not a heading\n```",
      edgeCases: [],
      requirements: ["FR-1: Keep **this**", "עברית"],
      acceptanceCriteria: [{ id: "AC-1", text: "Works" }],
      testingQaChecklist: [{ text: "Ticked", checked: true }, { text: "Open", checked: false }],
      sourceArtifactLinks: [{ label: "Spec (draft)", read: false }],
      rollout: { phases: 2 },
    };
    const { brief } = await callOk(v1, "brief_create", { projectId, title: "Original", content, idempotencyKey: newKey() });
    const exported = await callOk(v1, "brief_export", { briefId: brief.id });
    const again = await callOk(v2, "brief_create", { projectId, markdown: exported.markdown, idempotencyKey: newKey() });
    const rows = (value: Loose) => value.testingQaChecklist.map((row: Loose) => ({ text: row.text, checked: row.checked }));
    const rest = (value: Loose) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== "testingQaChecklist" && key !== "checklist"));
    expect(again.brief.title).toBe("Original");
    expect(rest(again.brief.content)).toEqual(rest(brief.content));
    expect(rows(again.brief.content)).toEqual(rows(brief.content));
  });

  it("refuses markdown with content, and Markdown over a section's limit, naming the heading", async () => {
    const both = await callTool(v1, "brief_create", { projectId, title: "x", content: {}, markdown: "# x", idempotencyKey: newKey() });
    expect(both.isError).toBe(true);
    expect((both.structuredContent as Loose).error).toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "content" }, { path: "markdown" }] } });
    const long = await callTool(v1, "brief_create", { projectId, markdown: `# Long\n\n## Goal\n\n${"x".repeat(4001)}`, idempotencyKey: newKey() });
    expect((long.structuredContent as Loose).error.details.issues[0].message).toMatch(/^Under "Goal" \(line 3, section goal\)/);
  });

  it.each([
    ["kiro", "kiro-requirements.md", "requirements.md"],
    ["spec-kit", "spec-kit-spec.md", "spec.md"],
    ["openspec", "openspec-spec.md", "spec.md"],
  ] as const)("imports a %s file, and exports the brief in that format to the same requirements and criteria", async (format, file, fileName) => {
    const { brief } = await callOk(v1, "brief_create", { projectId, title: `From ${format}`, markdown: fixture(`spec-formats/${file}`), idempotencyKey: newKey() });
    expect(brief.content.requirements.length).toBeGreaterThan(1);
    expect(brief.content.acceptanceCriteria.length).toBeGreaterThan(1);

    const exported = await callOk(v2, "brief_export", { briefId: brief.id, format });
    expect(exported.fileName).toBe(fileName);
    const again = await callOk(v1, "brief_create", { projectId, title: "Again", markdown: exported.markdown, idempotencyKey: newKey() });
    expect(again.brief.content.requirements).toEqual(brief.content.requirements);
    const byId = (criteria: Loose[]) => [...criteria].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(again.brief.content.acceptanceCriteria)).toEqual(byId(brief.content.acceptanceCriteria));
  });

  it("refuses an export format it does not know", async () => {
    const { brief } = await callOk(v1, "brief_create", { projectId, title: "Any", idempotencyKey: newKey() });
    const answer = await callTool(v1, "brief_export", { briefId: brief.id, format: "docx" });
    expect(answer.isError).toBe(true);
    expect((answer.structuredContent as Loose).error.code).toBe("VALIDATION_ERROR");
  });
});
