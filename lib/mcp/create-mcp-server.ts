import { McpServer, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { hasScopes } from "@/lib/auth/scopes";
import { toolScopes, type ToolDefinition } from "./define-tool";
import { errorEnvelopeSchema } from "./output-schemas";
import { publishedSchema } from "./published-schema";
import { registerBriefApp } from "./register-brief-app";
import { toolCatalog } from "./tool-catalog";
import { runTool } from "./tool-result";

const SERVER_INFO = { name: "briefs", title: "Briefs", version: "0.1.0" };

const INSTRUCTIONS = [
  "Briefs stores requirement documents (briefs) inside projects.",
  "Find a project with project_list, its briefs with brief_list, and read one with brief_get_full before changing it.",
  "Every write tool takes an idempotencyKey: a new key per intended change, the same key only to retry that call.",
  "Failures come back as tool results with isError and structuredContent.error.code; INTERNAL_ERROR carries a",
  "details.requestId to quote when reporting it.",
].join(" ");

/**
 * One MCP server per HTTP request (stateless), showing only the tools the token's scopes allow
 * (docs/contract.md#scopes). The endpoint has already answered 403 for a call of a tool outside those scopes.
 */
export function createMcpServer(actor: Actor | undefined): McpServer {
  // listChanged false: the list is per request and nothing is ever pushed.
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  if (!actor) return server;
  for (const tool of toolCatalog) {
    if (hasScopes(actor.scopes, toolScopes(tool))) registerTool(server, actor, tool);
  }
  registerBriefApp(server, actor, configOf);
  return server;
}

// A server is built per request; what it registers per tool is built once per process.
type PublishedConfig = {
  title: string;
  description: string;
  inputSchema: StandardSchemaWithJSON;
  outputSchema: StandardSchemaWithJSON;
  annotations: ToolDefinition["annotations"];
  _meta: ToolDefinition["_meta"];
};
const configs = new Map<ToolDefinition, PublishedConfig>();

function configOf(tool: ToolDefinition): PublishedConfig {
  let config = configs.get(tool);
  if (!config) {
    config = {
      title: tool.title,
      description: tool.description,
      inputSchema: publishedSchema(tool.inputSchema),
      // The error envelope is part of every outputSchema: the v1 SDK client validates structuredContent
      // against it even on isError results.
      outputSchema: publishedSchema(z.union([tool.outputSchema, errorEnvelopeSchema])),
      annotations: tool.annotations,
      _meta: tool._meta,
    };
    configs.set(tool, config);
  }
  return config;
}

function registerTool(server: McpServer, actor: Actor, tool: ToolDefinition): void {
  server.registerTool(tool.name, configOf(tool), (args: unknown) => runTool(tool, actor, args));
}
