/**
 * The common start of a benchmark through `/api/mcp`: the app prepared and started on the build in
 * `distDir`, ready for the bench token, a caller for it, and a project of its own to work in.
 */
import crypto from "node:crypto";
import { waitUntilMcpReady } from "../../tests/support/app-server";
import { mcpCaller, type McpCaller } from "./mcp-http";
import { prepareBenchApp } from "./prepare-bench-app";
import { startBenchServer } from "./run-bench";
import type { BenchDatabase } from "./bench-database";

export async function startMcpBench(options: { db: string; pgUrl: string; distDir: string; projectName: string }): Promise<{ db: BenchDatabase; mcp: McpCaller; projectId: string }> {
  const { db, port, url, env, token } = await prepareBenchApp({ db: options.db as "postgres" | "pglite", pgUrl: options.pgUrl, distDir: options.distDir, rateLimits: "mcp-token=off" });
  const server = startBenchServer(port, env);
  await waitUntilMcpReady(server, url, token);
  const mcp = mcpCaller(url, token);
  const projectId: string = (await mcp.ok("project_create", { name: options.projectName, idempotencyKey: crypto.randomUUID() })).project.id;
  return { db, mcp, projectId };
}
