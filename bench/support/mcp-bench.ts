/**
 * The common start of a benchmark through `/api/mcp`: the app prepared and started on the build in
 * `.next-bench` (or NEXT_DIST_DIR), ready for the bench token (returned with the address), a caller
 * for it, and a project of its own to work in.
 */
import crypto from "node:crypto";
import { waitUntilMcpReady } from "../../tests/support/app-server";
import { mcpCaller, type McpCaller } from "./mcp-http";
import { prepareBenchApp } from "./prepare-bench-app";
import { startBenchServer } from "./run-bench";
import type { BenchDatabase } from "./bench-database";
import type { BenchDb } from "./bench-options";

/** Where `npx tsx bench/build.ts` builds the app (NEXT_DIST_DIR overrides it). */
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";

export async function startMcpBench(options: { db: BenchDb; pgUrl: string; projectName: string }): Promise<{ db: BenchDatabase; mcp: McpCaller; projectId: string; url: string; token: string }> {
  const { db, port, url, env, token } = await prepareBenchApp({ db: options.db, pgUrl: options.pgUrl, distDir: DIST_DIR, rateLimits: "mcp-token=off" });
  const server = startBenchServer(port, env);
  await waitUntilMcpReady(server, url, token);
  const mcp = mcpCaller(url, token);
  const projectId: string = (await mcp.ok("project_create", { name: options.projectName, idempotencyKey: crypto.randomUUID() })).project.id;
  return { db, mcp, projectId, url, token };
}
