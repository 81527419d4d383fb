/**
 * What the quality check costs on the largest brief (about 194 KiB of content: 50 requirements,
 * 50 edge cases and 50 criteria of long prose), beside `brief_get_full` of the same brief, measured
 * in the same run and interleaved through `/api/mcp` (the production build under `next start`):
 *
 * - the check itself (lib/quality, every rule, in this process) on that content;
 * - `brief_check` of the stored brief, and of the same content given as a draft.
 *
 *   npx tsx bench/build.ts                  # after every code change (builds into .next-bench)
 *   npx tsx bench/quality-check.ts          # PostgreSQL at postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/quality-check.ts --db pglite
 *
 * Options: --pg-url <url>, --samples <pairs, 40>.
 * Budget (docs/benchmarks.md#quality): the check ≤ 0.5× brief_get_full. Not part of `npm test`; the
 * exit code is 0 when every answer was as expected.
 */
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { checkContent } from "../lib/quality/check-content";
import { waitUntilMcpReady } from "../tests/support/app-server";
import { largeBriefContent } from "./support/brief-contents";
import { mcpCaller } from "./support/mcp-http";
import { prepareBenchApp } from "./support/prepare-bench-app";
import { runBench, startBenchServer } from "./support/run-bench";
import { f1, f2, p50, timed } from "./support/timed-pairs";

const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const { values } = parseArgs({
  strict: true,
  options: {
    db: { type: "string", default: "postgres" },
    "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    samples: { type: "string", default: "40" },
  },
});
const samples = Number(values.samples);
const newKey = () => crypto.randomUUID();

async function main(): Promise<number> {
  const { db, port, url, env, token } = await prepareBenchApp({ db: values.db as "postgres" | "pglite", pgUrl: values["pg-url"]!, distDir: DIST_DIR, rateLimits: "mcp-token=off" });
  const server = startBenchServer(port, env);
  await waitUntilMcpReady(server, url, token);
  const mcp = mcpCaller(url, token);
  const projectId: string = (await mcp.ok("project_create", { name: "Quality benchmark", idempotencyKey: newKey() })).project.id;
  const content = largeBriefContent(50);
  const { brief } = await mcp.ok("brief_create", { projectId, title: "Checked", content, idempotencyKey: newKey() });
  const briefBytes = Buffer.byteLength(JSON.stringify(content));
  const expected = checkContent(content).findings.length;

  const full: number[] = [];
  const inProcess: number[] = [];
  const stored: number[] = [];
  const draft: number[] = [];
  for (let i = 0; i < samples + 3; i++) {
    const [fullMs] = await timed(() => mcp.ok("brief_get_full", { briefId: brief.id }));
    const started = performance.now();
    const report = checkContent(content);
    const checkMs = performance.now() - started;
    const [storedMs, fromStored] = await timed(() => mcp.ok("brief_check", { briefId: brief.id }));
    const [draftMs, fromDraft] = await timed(() => mcp.ok("brief_check", { briefId: brief.id, content }));
    if (report.findings.length !== expected || fromStored.findings.length !== expected || fromDraft.findings.length !== expected) {
      throw new Error(`the check found ${report.findings.length} / ${fromStored.findings.length} / ${fromDraft.findings.length} findings, not ${expected}`);
    }
    if (i >= 3) {
      full.push(fullMs);
      inProcess.push(checkMs);
      stored.push(storedMs);
      draft.push(draftMs);
    }
  }
  mcp.close();

  const reference = p50(full);
  console.log(`\n${await db.describe()} · brief of ${(briefBytes / 1024).toFixed(0)} KiB, ${expected} findings · ${full.length} rounds after 3 warm-up rounds\n`);
  console.log("| measure | p50 | reference | reference p50 | ratio | budget |");
  console.log("|---|---|---|---|---|---|");
  console.log(`| the check (lib/quality, in process) | ${f1(p50(inProcess))} ms | brief_get_full | ${f1(reference)} ms | **${f2(p50(inProcess) / reference)}×** | ≤ 0.5× |`);
  console.log(`| brief_check, stored brief | ${f1(p50(stored))} ms | brief_get_full | ${f1(reference)} ms | ${f2(p50(stored) / reference)}× | — |`);
  console.log(`| brief_check, the same content as a draft | ${f1(p50(draft))} ms | brief_get_full | ${f1(reference)} ms | ${f2(p50(draft) / reference)}× | — |`);
  return 0;
}

runBench(main);
