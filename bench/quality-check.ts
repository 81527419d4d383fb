/**
 * What the quality check costs on the largest briefs — the 194 KiB brief the import's tests use, and
 * one of long varied prose that gives hundreds of findings — beside `brief_get_full` of the same
 * brief, measured in the same run and interleaved through `/api/mcp` (the production build under
 * `next start`):
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
import { checkContent } from "../lib/quality/check-content";
import { brief194KiB } from "../tests/support/brief-194kib";
import { parseBenchOptions } from "./support/bench-options";
import { largeBriefContent } from "./support/brief-contents";
import { startMcpBench } from "./support/mcp-bench";
import { runBench } from "./support/run-bench";
import { f1, f2, p50, timed } from "./support/timed-pairs";

const options = parseBenchOptions({ samples: 40 });
const { samples } = options;
const newKey = () => crypto.randomUUID();

type Row = { label: string; bytes: number; findings: number; full: number[]; inProcess: number[]; stored: number[]; draft: number[] };

async function main(): Promise<number> {
  const { db, mcp, projectId } = await startMcpBench({ ...options, projectName: "Quality benchmark" });
  const cases: Array<[string, Record<string, unknown>]> = [
    ["the 194 KiB brief (tests/support/brief-194kib.ts)", brief194KiB()],
    ["long prose with many findings (bench/support/brief-contents.ts)", largeBriefContent(50)],
  ];
  const rows: Row[] = [];
  for (const [label, content] of cases) {
    const { brief } = await mcp.ok("brief_create", { projectId, title: label.slice(0, 60), content, idempotencyKey: newKey() });
    const expected = checkContent(content).findings.length;
    const row: Row = { label, bytes: Buffer.byteLength(JSON.stringify(content)), findings: expected, full: [], inProcess: [], stored: [], draft: [] };
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
      if (i < 3) continue;
      row.full.push(fullMs);
      row.inProcess.push(checkMs);
      row.stored.push(storedMs);
      row.draft.push(draftMs);
    }
    rows.push(row);
  }
  mcp.close();

  console.log(`\n${await db.describe()} · ${samples} rounds per brief after 3 warm-up rounds\n`);
  console.log("| brief | measure | p50 | reference | reference p50 | ratio | budget |");
  console.log("|---|---|---|---|---|---|---|");
  for (const row of rows) {
    const reference = p50(row.full);
    const brief = `${row.label}: ${(row.bytes / 1024).toFixed(0)} KiB, ${row.findings} findings`;
    console.log(`| ${brief} | the check (lib/quality, in process) | ${f1(p50(row.inProcess))} ms | brief_get_full | ${f1(reference)} ms | **${f2(p50(row.inProcess) / reference)}×** | ≤ 0.5× |`);
    console.log(`| | brief_check, stored brief | ${f1(p50(row.stored))} ms | brief_get_full | ${f1(reference)} ms | ${f2(p50(row.stored) / reference)}× | — |`);
    console.log(`| | brief_check, the same content as a draft | ${f1(p50(row.draft))} ms | brief_get_full | ${f1(reference)} ms | ${f2(p50(row.draft) / reference)}× | — |`);
  }
  return 0;
}

runBench(main);
