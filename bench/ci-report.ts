/**
 * What recording a signed test report costs (`POST /api/github/test-report`, the production build
 * under `next start`), beside recording the same results the way an agent would without CI: one
 * `brief_evidence_add` per criterion through `/api/mcp`. Same brief, same run, interleaved. The report
 * has 2,000 test cases spread over 50 acceptance criteria (a tenth of the criteria fail); the token is
 * signed by a local stand-in for GitHub's issuer, as in the tests.
 *
 *   npx tsx bench/build.ts                  # after every code change (builds into .next-bench)
 *   npx tsx bench/ci-report.ts              # PostgreSQL at postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/ci-report.ts --db pglite
 *
 * Options: --pg-url <url>, --samples <pairs, 10>, --cases <test cases, 2000>.
 * Budget (docs/benchmarks.md#test-reports): a report ≤ 3× the brief_evidence_add batch. Not part of
 * `npm test`; the exit code is 0 when every answer was as expected.
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { waitUntilMcpReady } from "../tests/support/app-server";
import { junit } from "../tests/support/ci-proof";
import { startOidcIssuer } from "../tests/support/oidc-issuer";
import { runTsx } from "../tests/support/spawn-tsx";
import { mcpCaller } from "./support/mcp-http";
import { BENCH_EMAIL, prepareBenchApp } from "./support/prepare-bench-app";
import { missingBuild, onCleanup, runBench, startBenchServer } from "./support/run-bench";
import { f1, f2, p50, timed } from "./support/timed-pairs";

const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const CRITERIA = 50;
const { values } = parseArgs({
  strict: true,
  options: {
    db: { type: "string", default: "postgres" },
    "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    samples: { type: "string", default: "10" },
    cases: { type: "string", default: "2000" },
  },
});
const samples = Number(values.samples);
const caseCount = Number(values.cases);

async function main(): Promise<number> {
  if (missingBuild(process.cwd(), DIST_DIR)) return 1;
  const issuer = await startOidcIssuer();
  onCleanup("stop the token issuer", issuer.stop);
  const app = await prepareBenchApp({ db: values.db as "postgres" | "pglite", pgUrl: values["pg-url"]!, distDir: DIST_DIR, rateLimits: "mcp-token=off" });
  const env = { ...app.env, GITHUB_OIDC_ISSUER: issuer.issuer, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" };
  const repository = "acme/checkout";
  const fixture = await runTsx("tests/support/ci-proof-fixture.ts", [BENCH_EMAIL, repository, String(CRITERIA)], env);
  if (fixture.code !== 0) throw new Error(`The fixture failed: ${fixture.stderr}`);
  const { briefId } = JSON.parse(fixture.stdout.trim().split("\n").at(-1)!) as { briefId: string };
  const server = startBenchServer(app.port, env);
  await waitUntilMcpReady(server, app.url, app.token);
  const mcp = mcpCaller(app.url, app.token);

  // Case i names criterion i mod 50; every tenth criterion has one failing case.
  const cases = Array.from({ length: caseCount }, (_, i) => {
    const criterion = (i % CRITERIA) + 1;
    const failing = criterion % 10 === 0 && i < CRITERIA;
    return { name: `AC-${criterion} case ${i}`, classname: "checkout.spec", ...(failing && { outcome: "failure" as const, message: "expected 200, got 500" }) };
  });
  const report = junit(cases);
  const results = Array.from({ length: CRITERIA }, (_, k) => ({ id: `AC-${k + 1}`, result: (k + 1) % 10 === 0 ? "fail" : "pass" }));
  let run = 1;

  const upload = async () => {
    const token = await issuer.sign({ aud: app.origin, repository, ref: "refs/pull/7/merge", run_id: String(run++), run_attempt: "1" });
    const [ms, response] = await timed(() => fetch(`${app.origin}/api/github/test-report`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/xml" }, body: report }));
    const body = (await response.json()) as { ok: boolean; result?: { briefs: Array<{ recorded: unknown[] }> } };
    if (!body.ok || body.result?.briefs[0].recorded.length !== CRITERIA) throw new Error(`the report was not recorded as expected: ${JSON.stringify(body).slice(0, 500)}`);
    return ms;
  };
  const batch = async () => {
    const [ms] = await timed(async () => {
      for (const { id, result } of results) {
        await mcp.ok("brief_evidence_add", { briefId, criterionIds: [id], kind: "test_run", result, summary: `CI: ${id} ${result}`, url: `https://github.com/${repository}/actions/runs/${run}`, idempotencyKey: crypto.randomUUID() });
      }
    });
    return ms;
  };

  const reports: number[] = [];
  const batches: number[] = [];
  for (let i = 0; i < samples + 2; i++) {
    const reportMs = await upload();
    const batchMs = await batch();
    if (i >= 2) {
      reports.push(reportMs);
      batches.push(batchMs);
    }
  }
  mcp.close();

  console.log(`\n${await app.db.describe()} · report of ${(Buffer.byteLength(report) / 1024).toFixed(0)} KiB, ${caseCount} test cases over ${CRITERIA} criteria · ${reports.length} pairs after 2 warm-up pairs\n`);
  console.log("| measure | p50 | reference | reference p50 | ratio | budget |");
  console.log("|---|---|---|---|---|---|");
  console.log(`| test report (${caseCount} cases → ${CRITERIA} items) | ${f1(p50(reports))} ms | ${CRITERIA} × brief_evidence_add | ${f1(p50(batches))} ms | **${f2(p50(reports) / p50(batches))}×** | ≤ 3× |`);
  return 0;
}

runBench(main);
