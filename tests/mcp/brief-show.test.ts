import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { callOk, connectV1, connectV2, mcpServer, newKey, type Loose } from "../support/mcp-clients";

const { tokens } = mcpServer();
const VIEW_URI = "ui://briefs/brief-view.html";

/**
 * brief_show through both official clients, which check structuredContent against the published
 * outputSchema: the view's data, the Markdown as text, and the ui:// view as a resource.
 */
describe(`brief_show over HTTP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let v1: ClientV1;
  let v2: ClientV2;
  let readOnly: ClientV1;
  let briefId: string;

  beforeAll(async () => {
    [v1, v2, readOnly] = await Promise.all([connectV1(tokens.readWrite), connectV2(tokens.readWrite), connectV1(tokens.readOnly)]);
    const { project } = await callOk(v1, "project_create", { name: "Shown", idempotencyKey: newKey() });
    const { brief } = await callOk(v1, "brief_create", {
      projectId: project.id,
      title: "Shown brief",
      content: { goal: "Show **this**.", testingQaChecklist: [{ text: "Looks right", checked: false }] },
      idempotencyKey: newKey(),
    });
    briefId = brief.id;
  });
  afterAll(async () => {
    await Promise.all([v1?.close(), v2?.close(), readOnly?.close()]);
  });

  it.each(["v1", "v2"] as const)("gives the %s client the view's data and the Markdown export as text", async (which) => {
    const client = which === "v1" ? v1 : v2;
    const answer = (await client.callTool({ name: "brief_show", arguments: { briefId } })) as Loose;
    expect(answer.isError).toBeFalsy();
    expect(answer.content).toHaveLength(1);
    expect(answer.content[0].text).toMatch(/^# Shown brief\n\n- \*\*Project:\*\* Shown\n/);
    expect(answer.content[0].text).toContain("## Goal\n\nShow **this**.");
    expect(answer.content[0].text).toContain("- [ ] Looks right");
    expect(answer.structuredContent).toMatchObject({
      briefId,
      title: "Shown brief",
      versionNum: 1,
      canTick: true,
      sections: [{ key: "goal", heading: "Goal", markdown: "Show **this**." }],
      checklist: [{ index: 0, text: "Looks right", checked: false }],
    });
  });

  it("serves the view as a resource, and tells a read-only token it may not tick", async () => {
    const { contents } = await readOnly.readResource({ uri: VIEW_URI });
    expect(contents[0]).toMatchObject({ uri: VIEW_URI, mimeType: "text/html;profile=mcp-app" });
    expect(String((contents[0] as Loose).text)).toContain('<script type="module"');
    const answer = (await readOnly.callTool({ name: "brief_show", arguments: { briefId } })) as Loose;
    expect(answer.structuredContent).toMatchObject({ canTick: false, readOnlyReason: "This connection may only read briefs." });
  });

  it("refuses a brief of another user's project like every read", async () => {
    const outsider = await connectV1(tokens.otherUser);
    try {
      const answer = (await outsider.callTool({ name: "brief_show", arguments: { briefId } })) as Loose;
      expect(answer.isError).toBe(true);
      expect(answer.structuredContent).toMatchObject({ error: { code: "PROJECT_ACCESS_DENIED" } });
    } finally {
      await outsider.close();
    }
  });
});
