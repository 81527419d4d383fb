/**
 * What an agent reads before its first call: the size of tools/list (and of the resource-template
 * and prompt lists) as the built app serves it to a token with every scope.
 *
 *   npx next build                                          # or NEXT_DIST_DIR=<folder> for another build
 *   npx tsx bench/tools-list-size.ts                        # starts that build on an empty embedded database
 *   npx tsx bench/tools-list-size.ts --url http://127.0.0.1:3000/api/mcp --token brf_…   # a running server
 *
 * Prints the bytes of each list's JSON-RPC result as sent, each tool's bytes (and how much of them
 * are description, inputSchema and outputSchema), and a token estimate: JSON schemas come to about
 * 3 to 4 bytes per token with current tokenizers, so the estimate is a range, bytes/4 .. bytes/3.
 * docs/mcp.md#the-size-of-toolslist records the result. Not part of `npm test`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createTokenWithAdminCommand, freePort, startAppServer, waitUntilMcpReady, type AppServer } from "../tests/support/app-server";

const { values } = parseArgs({ options: { url: { type: "string" }, token: { type: "string" } } });

type Listed = Record<string, unknown>;

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const tokens = (bytes: number) => `${Math.round(bytes / 4).toLocaleString("en")}–${Math.round(bytes / 3).toLocaleString("en")} tokens`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** One stateless 2025-11-25 request, as clients send it; the answer is JSON or one SSE `data:` line. */
async function rpc(url: string, token: string, method: string): Promise<Listed> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method }),
  });
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("text/event-stream")
    ? text.split("\n").find((line) => line.startsWith("data: "))!.slice("data: ".length)
    : text;
  const message = JSON.parse(json);
  if (!message.result) throw new Error(`${method} failed: ${json.slice(0, 500)}`);
  return message.result;
}

async function measure(url: string, token: string): Promise<void> {
  const tools = await rpc(url, token, "tools/list");
  const rows = (tools.tools as Listed[]).map((tool) => ({
    tool: tool.name as string,
    bytes: bytesOf(tool),
    description: Buffer.byteLength(String(tool.description ?? "")),
    inputSchema: bytesOf(tool.inputSchema ?? {}),
    outputSchema: bytesOf(tool.outputSchema ?? {}),
  }));
  const total = bytesOf(tools);
  console.log(`tools/list: ${total.toLocaleString("en")} bytes (${kib(total)}), ${rows.length} tools, ~${tokens(total)}\n`);
  console.log(["tool".padEnd(26), "bytes".padStart(7), "description".padStart(12), "inputSchema".padStart(12), "outputSchema".padStart(13)].join(" "));
  for (const row of rows) {
    console.log(
      [row.tool.padEnd(26), String(row.bytes).padStart(7), String(row.description).padStart(12), String(row.inputSchema).padStart(12), String(row.outputSchema).padStart(13)].join(" "),
    );
  }
  const sum = (key: "description" | "inputSchema" | "outputSchema") => rows.reduce((all, row) => all + row[key], 0);
  console.log(`\nof which descriptions ${sum("description")}, inputSchemas ${sum("inputSchema")}, outputSchemas ${sum("outputSchema")} bytes`);
  for (const method of ["resources/templates/list", "prompts/list"]) {
    const result = await rpc(url, token, method).catch(() => undefined);
    if (result) console.log(`${method}: ${bytesOf(result).toLocaleString("en")} bytes, ~${tokens(bytesOf(result))}`);
  }
}

async function main(): Promise<void> {
  if (values.url || values.token) {
    if (!values.url || !values.token) throw new Error("Give both --url and --token, or neither.");
    return measure(values.url, values.token);
  }
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`No build in ${distDir}: run npx next build first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-tools-list-"));
  let server: AppServer | undefined;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      BRIEFS_DATA_DIR: dataDir,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      BRIEFS_SEED_DEMO: "0",
      APP_URL: origin,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: distDir,
    };
    const token = await createTokenWithAdminCommand(env, { email: "bench@example.test", scopes: "brief:read,brief:write", name: "tools-list-size" });
    server = startAppServer(port, env);
    await waitUntilMcpReady(server, `${origin}/api/mcp`, token);
    await measure(`${origin}/api/mcp`, token);
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
