import crypto from "node:crypto";
import { inject } from "vitest";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import type { McpServerInfo } from "./mcp-server-global-setup";

export function mcpServer(): McpServerInfo {
  return inject("mcpServer");
}

export function newKey(): string {
  return crypto.randomUUID();
}

/** A 2025-11-25 client (initialize handshake): the official v1 SDK. listTools() arms its outputSchema checks. */
export async function connectV1(token: string): Promise<ClientV1> {
  const transport = new TransportV1(new URL(mcpServer().url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new ClientV1({ name: "briefs-tests-v1", version: "1.0.0" });
  await client.connect(transport);
  await client.listTools();
  return client;
}

/** A 2026-07-28 client (no handshake): the official v2 SDK, pinned to that revision. */
export async function connectV2(token: string): Promise<ClientV2> {
  const transport = new TransportV2(new URL(mcpServer().url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new ClientV2({ name: "briefs-tests-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(transport);
  return client;
}

/**
 * Tool results as tests read them: loosely. The SDK clients have already checked each one against the
 * tool's published outputSchema, which is where the shape is enforced.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

type ToolAnswer = {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
};

/** Calls a tool and checks the contract's envelope: one text item holding the JSON of structuredContent. */
export async function callTool(client: ClientV1 | ClientV2, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  if (answer.content.length !== 1 || answer.content[0].type !== "text") {
    throw new Error(`${name}: expected exactly one text item, got ${JSON.stringify(answer.content)}`);
  }
  const fromText = JSON.parse(answer.content[0].text!);
  if (JSON.stringify(fromText) !== JSON.stringify(answer.structuredContent)) {
    throw new Error(`${name}: the text item differs from structuredContent`);
  }
  return answer;
}

/** Calls a tool that must succeed and returns its structured result. */
export async function callOk<T = Loose>(client: ClientV1 | ClientV2, name: string, args: Record<string, unknown>): Promise<T> {
  const answer = await callTool(client, name, args);
  if (answer.isError) throw new Error(`${name} failed: ${answer.content[0].text}`);
  return answer.structuredContent as T;
}

/** Raw JSON-RPC over HTTP, for what the SDK clients hide: status codes and headers. */
export function postMcp(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(mcpServer().url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The JSON-RPC message of a response: stateless 2025-era answers come as one SSE `data:` line. */
export async function jsonRpcOf(response: Response): Promise<Loose> {
  const text = await response.text();
  if (!response.headers.get("content-type")?.includes("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").find((line) => line.startsWith("data: "));
  if (!data) throw new Error(`No data line in ${text}`);
  return JSON.parse(data.slice("data: ".length));
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
