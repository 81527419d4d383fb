import { McpServer, type McpRequestContext, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import { hasScopes, readScopes } from "@/lib/auth/scopes";
import { CONTENT_MAX_BYTES, PAGE_LIMIT_DEFAULT } from "@/lib/contract/bounds";
import { toolScopes, type ToolDefinition } from "./define-tool";
import { registerBriefPrompts } from "./brief-prompts";
import { registerBriefResources } from "./brief-resources";
import { registerTemplateResources } from "./template-resources";
import { toolOutputSchema } from "./output-schemas";
import { publishedSchema } from "./published-schema";
import { appTools, registerBriefApp } from "./register-brief-app";
import { toolCatalog } from "./tool-catalog";
import { runTool } from "./tool-result";

const SERVER_INFO = { name: "briefs", title: "Briefs", version: "0.1.0" };

// The rules every tool shares, said once here rather than in each tool's description (tools/list is
// read on every connection; docs/mcp.md#the-size-of-toolslist).
const INSTRUCTIONS = [
  "Briefs stores requirement documents (briefs) inside projects.",
  "Find a project with project_list, its briefs with brief_list, and read one with brief_get_full before changing it;",
  "pass its versionNum as ifVersionNum so that a concurrent change fails with BRIEF_VERSION_CONFLICT instead of being",
  "overwritten (then re-read and retry). BRIEF_VERSION_CONFLICT's details.reason says which check failed: VERSION_MISMATCH,",
  "INDEX_OUT_OF_RANGE or CHECKLIST_TEXT_MISMATCH (brief_checklist_update), PROPOSAL_CONFLICT (details.conflicts).",
  "A brief's lifecycle: drafting → in_review (needs a requirement and an acceptance criterion) → baselined (needs a live",
  "approval) → in_development → checked (every checklist row checked); in_review → drafting; any open state → superseded",
  "or closed, both final and read-only. An approval covers the requirements: all content but the QA checklist and _draft.",
  "Changing them stales approvals and returns a baselined, in_development or checked brief to in_review; ticking checklist",
  "rows does neither.",
  "To suggest changes to a brief, propose them with brief_propose rather than writing them with brief_update: a person",
  "accepts or rejects each proposal, and nothing of theirs is overwritten.",
  "Every write takes an idempotencyKey: a new key per intended change, the same key only to retry that call with the",
  'same arguments (the first result comes back, marked _meta["dev.briefs/idempotency"].replayed = true); the same key',
  "with other arguments is IDEMPOTENCY_KEY_REUSED.",
  `Lists return {items, nextCursor}, ${PAGE_LIMIT_DEFAULT} items unless you give a limit: call again with the same arguments`,
  "and cursor = nextCursor until it is null (INVALID_CURSOR: start again).",
  "Failures are tool results with isError and structuredContent.error = {code, message, details}, and change nothing:",
  "VALIDATION_ERROR (details.issues give each path and message), CONTENT_TOO_LARGE (content over",
  `${CONTENT_MAX_BYTES} bytes of JSON), PROJECT_ACCESS_DENIED (no such project or brief, no access, or a viewer writing),`,
  "BRIEF_STATE_CONFLICT (the brief's state forbids it; details say why), INTERNAL_ERROR (quote details.requestId).",
  "Each brief is also the resource brief://{briefId} (Markdown; brief://{briefId}/versions/{versionNum} for one version),",
  "and the prompts implement_brief, review_brief and qa_pass start common work on one.",
  "A project's templates are the resource briefs://projects/{projectId}/templates; brief_create's template starts a brief from one.",
].join(" ");

/**
 * One MCP server per HTTP request (stateless), showing only the tools the token's scopes allow
 * (docs/contract.md#scopes), and the brief resources and prompts only to a token that may read. The
 * endpoint has already answered 403 for a call the scopes do not allow (scope-challenge.ts).
 * `needs` (registrationFor) leaves out what the request cannot use. `era`: the protocol the request
 * speaks, which decides whether resource subscriptions are offered.
 */
export function createMcpServer(actor: Actor | undefined, needs: Registration = everything, era: McpRequestContext["era"] = "legacy"): McpServer {
  // The same capabilities for every token, so a list the scopes leave empty is empty rather than
  // unsupported. listChanged false: the lists are per request and never change.
  const server = new McpServer(SERVER_INFO, {
    capabilities: {
      tools: { listChanged: false },
      // subscribe only where updates can be delivered: on a 2026-07-28 subscriptions/listen stream
      // (answer-listen.ts). Stateless 2025-era serving has no stream to send them on (GET is 405),
      // so 2025 clients are not offered what would never arrive (docs/mcp.md#resource-subscriptions).
      resources: { listChanged: false, ...(era === "modern" && { subscribe: true }) },
      prompts: { listChanged: false },
      completions: {},
    },
    instructions: INSTRUCTIONS,
  });
  if (!actor) return server;
  for (const tool of toolCatalog) {
    if ((needs.tool === undefined || needs.tool === tool.name) && hasScopes(actor.scopes, toolScopes(tool))) registerTool(server, actor, tool);
  }
  if (needs.tool === undefined || appTools.some((tool) => tool.name === needs.tool)) registerBriefApp(server, actor, configOf);
  if (needs.resourcesAndPrompts && hasScopes(actor.scopes, readScopes)) {
    registerBriefResources(server, actor);
    registerTemplateResources(server, actor);
    registerBriefPrompts(server, actor);
  }
  return server;
}

/** What a request's server registers: one tool or all the token may use, and the resources and prompts or not. */
export type Registration = { tool?: string; resourcesAndPrompts: boolean };
const everything: Registration = { resourcesAndPrompts: true };
const knownTools = new Set([...toolCatalog, ...appTools].map((tool) => tool.name));

/**
 * What a request (or batch) can use. A single `tools/call` of a known tool, the hot path, needs that
 * tool alone: registering all of them is most of the cost of building a server. A call of an
 * unknown name gets them all, so that the SDK answers it exactly as before. Only requests that may
 * touch the resources or prompts get those; their capabilities are declared either way.
 */
export function registrationFor(body: unknown): Registration {
  const messages = Array.isArray(body) ? body : [body];
  const resourcesAndPrompts = messages.some((message) => {
    const method = (message as { method?: unknown } | null)?.method;
    return typeof method !== "string" || method.startsWith("resources/") || method.startsWith("prompts/") || method === "completion/complete";
  });
  const [only] = messages as Array<{ method?: unknown; params?: { name?: unknown } } | null>;
  const name = messages.length === 1 && only?.method === "tools/call" ? only.params?.name : undefined;
  return typeof name === "string" && knownTools.has(name) ? { tool: name, resourcesAndPrompts } : { resourcesAndPrompts };
}

// A server is built per request; what it registers per tool is built once per process.
export type PublishedConfig = {
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
      inputSchema: publishedSchema(tool.inputSchema, "input"),
      outputSchema: publishedSchema(toolOutputSchema(tool), "output"),
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
