import type { Page } from "@playwright/test";
import { callMcpTool, newIdempotencyKey } from "./mcp";
import { createBrief, createProject } from "./projects";
import { createApiToken } from "./tokens";

/**
 * The signed-in person creates an API token for an agent, a project and a brief through the pages,
 * and the agent fills the brief with `content` over MCP. Returns the token for the agent's later calls.
 */
export async function briefFilledByAgent(
  page: Page,
  names: { token: string; project: string; brief: string },
  content: Record<string, unknown>,
): Promise<{ token: string; projectId: string; briefId: string }> {
  const token = await createApiToken(page, names.token, ["brief:read", "brief:write"]);
  const projectId = await createProject(page, names.project);
  const briefId = await createBrief(page, projectId, names.brief);
  await callMcpTool(page.request, token, "brief_update", { briefId, content, idempotencyKey: newIdempotencyKey() });
  return { token, projectId, briefId };
}
