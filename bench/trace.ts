/**
 * What `brief_trace` costs through `/api/mcp` (the production build under `next start`), beside
 * `brief_get_full` of the same brief, measured in the same run and interleaved. The brief has 50
 * numbered requirements, 50 acceptance criteria, 50 tickets (each binding one of each, every one with
 * a work order) and 500 evidence items, a tenth of them given for an earlier text of their criterion.
 *
 *   npx tsx bench/build.ts                  # after every code change (builds into .next-bench)
 *   npx tsx bench/trace.ts                  # PostgreSQL at postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/trace.ts --db pglite
 *
 * Options: --pg-url <url>, --samples <pairs, 40>, --evidence <items, 500>.
 * Budget (docs/benchmarks.md#trace): brief_trace ≤ 3× brief_get_full. Not part of `npm test`; the exit
 * code is 0 when every answer was as expected.
 */
import crypto from "node:crypto";
import { parseBenchOptions } from "./support/bench-options";
import { largeBriefContent } from "./support/brief-contents";
import { startMcpBench } from "./support/mcp-bench";
import { runBench } from "./support/run-bench";
import { f1, f2, p50, timed } from "./support/timed-pairs";

const options = parseBenchOptions({ samples: 40, evidence: 500 });
const { samples, evidence: evidenceCount } = options;

const newKey = () => crypto.randomUUID();

async function main(): Promise<number> {
  const { db, mcp, projectId } = await startMcpBench({ ...options, projectName: "Trace benchmark" });

  const content = largeBriefContent(50);
  content.requirements = (content.requirements as string[]).map((text, i) => `R${i + 1}: ${text}`);
  content.generatedTickets = Array.from({ length: 50 }, (_, i) => ({
    id: `T-${i + 1}`,
    title: `Ticket ${i + 1}`,
    description: null,
    boundCriteria: [`AC-${i + 1}`],
    boundRequirements: [`R${i + 1}`],
  }));
  const { brief } = await mcp.ok("brief_create", { projectId, title: "Traced", content, idempotencyKey: newKey() });
  for (let i = 0; i < 50; i++) {
    await mcp.ok("brief_work_order_update", { briefId: brief.id, ticketId: `T-${i + 1}`, status: i % 5 === 0 ? "in_progress" : "done", links: [{ label: "pull request", url: `https://github.com/acme/app/pull/${i + 1}` }], idempotencyKey: newKey() });
  }
  const criteria = content.acceptanceCriteria as Array<{ id: string; text: string }>;
  const addEvidence = async (i: number) =>
    mcp.ok("brief_evidence_add", {
      briefId: brief.id,
      criterionIds: [criteria[i % criteria.length].id],
      kind: "test_run",
      result: i % 7 === 0 ? "fail" : "pass",
      summary: `Run ${i}: \`npm test\` — the checks for this criterion, with the log linked. `.padEnd(200, "."),
      url: `https://ci.example.com/runs/${i}`,
      idempotencyKey: newKey(),
    });
  // A tenth of the evidence is given before its criterion's text changes, so it reads as suspect.
  const early = Math.floor(evidenceCount / 10);
  for (let i = 0; i < early; i++) await addEvidence(i);
  const edited = criteria.map((criterion, k) => (k < 5 ? { ...criterion, text: `${criterion.text} (edited)` } : criterion));
  const stored = { ...content, acceptanceCriteria: edited };
  await mcp.ok("brief_update", { briefId: brief.id, content: stored, idempotencyKey: newKey() });
  for (let i = early; i < evidenceCount; i++) await addEvidence(i);
  const briefBytes = Buffer.byteLength(JSON.stringify(stored));

  const trace: number[] = [];
  const full: number[] = [];
  let traceBytes = 0;
  for (let i = 0; i < samples; i++) {
    const [fullMs] = await timed(() => mcp.ok("brief_get_full", { briefId: brief.id }));
    const [traceMs, got] = await timed(() => mcp.ok("brief_trace", { briefId: brief.id }));
    const evidenceSeen = got.criteria.reduce((n: number, c: { evidence: unknown[] }) => n + c.evidence.length, 0);
    if (got.criteria.length !== 50 || got.tickets.length !== 50 || evidenceSeen !== evidenceCount) throw new Error(`the trace misses items: ${evidenceSeen} evidence items`);
    traceBytes = Buffer.byteLength(JSON.stringify(got));
    if (i >= 3) {
      full.push(fullMs);
      trace.push(traceMs);
    }
  }
  mcp.close();

  console.log(`\n${await db.describe()} · brief of ${(briefBytes / 1024).toFixed(0)} KiB, 50 criteria, 50 tickets, ${evidenceCount} evidence items · ${trace.length} pairs after 3 warm-up pairs\n`);
  console.log("| measure | p50 | reference | reference p50 | ratio | budget |");
  console.log("|---|---|---|---|---|---|");
  console.log(`| brief_trace (${(traceBytes / 1024).toFixed(0)} KiB answer) | ${f1(p50(trace))} ms | brief_get_full | ${f1(p50(full))} ms | **${f2(p50(trace) / p50(full))}×** | ≤ 3× |`);
  return 0;
}

runBench(main);
