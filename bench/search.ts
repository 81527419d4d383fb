/**
 * Search against a plain indexed lookup: `brief_search` through the service (lib/briefs/search-briefs.ts,
 * the function both doors call) on 10,000 briefs of 5–8 KB, side by side with two references measured
 * on the same data in the same run, interleaved: a title lookup on a btree index (`WHERE title = $1`,
 * through the same Prisma client) and the first page of `brief_list` (the service of a project's list).
 *
 *   npx tsx bench/search.ts                  # PostgreSQL at postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/search.ts --db pglite      # the embedded database, in this process
 *
 * Options: --pg-url <url>, --briefs <10000>, --samples <rounds, 60>, --concurrency <seeding writers, 4>,
 * --keep (leave the database in place to look at it).
 * The briefs are written through brief_create's service, so the search documents are the ones the
 * write path makes. Half of them are in projects the searching person is not a member of.
 * docs/benchmarks.md explains the output. Not part of `npm test`.
 */
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Prisma } from "../lib/generated/prisma/client";
import { createBenchDatabase, type BenchDatabase } from "./support/bench-database";
import { onCleanup, runBench } from "./support/run-bench";
import { searchBrief, vocabularyWord } from "./support/search-corpus";

const PROJECTS = 20;
const PAGE = 20;
/** A made-up word planted in one brief in 125, half of them in projects the reader is in: the selective query. */
const PLANTED = "quillback";

const { values } = parseArgs({
  strict: true,
  options: {
    db: { type: "string", default: "postgres" },
    "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
    briefs: { type: "string", default: "10000" },
    samples: { type: "string", default: "60" },
    concurrency: { type: "string", default: "4" },
    keep: { type: "boolean", default: false },
  },
});
const options = {
  db: values.db as "postgres" | "pglite",
  pgUrl: values["pg-url"]!,
  briefs: Number(values.briefs),
  samples: Number(values.samples),
  concurrency: Number(values.concurrency),
  /** Leave the database in place afterwards, to look at it (PostgreSQL: its URL is printed). */
  keep: values.keep!,
};
if (options.db !== "postgres" && options.db !== "pglite") throw new Error("--db must be postgres or pglite");

type Timing = { name: string; samples: number[] };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<number> {
  const database: BenchDatabase = await createBenchDatabase(options.db, options.pgUrl);
  if (options.keep) console.log(`Keeping the database: ${database.location}`);
  else onCleanup("remove the database", () => database.close());
  // The service reads its environment once, at first use: set it before loading anything of lib/.
  Object.assign(process.env, database.env, { AUTH_SECRET: crypto.randomBytes(32).toString("hex"), BRIEFS_SEED_DEMO: "0", BRIEFS_AUTO_MIGRATE: "1" });
  const [{ getPrisma, closeDatabase }, { ensureUser }, { createProject }, { createBrief }, { searchBriefs }, { listBriefs }, { actorLabel }, { allScopes }] = await Promise.all([
    import("../lib/db/client"),
    import("../lib/users/ensure-user"),
    import("../lib/projects/create-project"),
    import("../lib/briefs/create-brief"),
    import("../lib/briefs/search-briefs"),
    import("../lib/briefs/list-briefs"),
    import("../lib/auth/actor"),
    import("../lib/auth/scopes"),
  ]);
  onCleanup("close the database", () => closeDatabase());
  const prisma = await getPrisma();
  const actorOf = async (email: string, name: string) => {
    const user = await ensureUser(email, name);
    return { userId: user.id, email: user.email, label: actorLabel(user), door: "cli" as const, scopes: allScopes };
  };
  const reader = await actorOf("reader@bench.example", "Reader");
  const stranger = await actorOf("stranger@bench.example", "Stranger");
  const projects: Array<{ id: string; owner: typeof reader }> = [];
  for (let p = 0; p < PROJECTS; p++) {
    const owner = p % 2 === 0 ? reader : stranger;
    const { result } = await createProject(owner, { name: `Project ${p}`, idempotencyKey: crypto.randomUUID() });
    projects.push({ id: result.project.id, owner });
  }

  console.log(`# brief_search on ${await database.describe()}`);
  console.log(`Seeding ${options.briefs} briefs through brief_create (${options.concurrency} writers)…`);
  const titles: string[] = [];
  let bytes = 0;
  let written = 0;
  const seedStart = performance.now();
  const writeTimes: number[] = [];
  async function writer(first: number) {
    for (let n = first; n < options.briefs; n += options.concurrency) {
      const brief = searchBrief(n, n % 250 === 7 || n % 250 === 132 ? [PLANTED] : []);
      const project = projects[n % PROJECTS];
      bytes += Buffer.byteLength(JSON.stringify(brief.content));
      titles[n] = brief.title;
      const started = performance.now();
      await createBrief(project.owner, { projectId: project.id, title: brief.title, content: brief.content, idempotencyKey: crypto.randomUUID() });
      writeTimes.push(performance.now() - started);
      if (++written % 1000 === 0) process.stdout.write(`  ${written}\n`);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, (_, i) => writer(i)));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  writeTimes.sort((a, b) => a - b);
  console.log(
    `Seeded in ${seedSeconds.toFixed(0)} s: average content ${(bytes / options.briefs / 1024).toFixed(1)} KB; ` +
      `brief_create p50 ${percentile(writeTimes, 50).toFixed(1)} ms, p95 ${percentile(writeTimes, 95).toFixed(1)} ms.`,
  );

  // The reference's index, in this throwaway database only: the app has no index on titles.
  await prisma.$executeRaw`CREATE INDEX bench_brief_title ON "Brief" (title)`;
  // As in steady use: autovacuum on PostgreSQL, the app's periodic VACUUM on PGlite (lib/db/client.ts)
  // clear the GIN index's pending list and gather statistics.
  await prisma.$executeRaw`VACUUM ANALYZE`;
  const [sizes] = await prisma.$queryRaw<Array<{ search: bigint; gin: bigint; blobs: bigint; brief: bigint }>>`
    SELECT pg_total_relation_size('"BriefSearch"') AS search, pg_relation_size('"BriefSearch_document_idx"') AS gin,
           pg_total_relation_size('"ContentBlob"') AS blobs, pg_total_relation_size('"Brief"') AS brief`;
  const mb = (n: bigint) => `${(Number(n) / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Sizes: BriefSearch ${mb(sizes.search)} (its GIN index ${mb(sizes.gin)}), ContentBlob ${mb(sizes.blobs)}, Brief ${mb(sizes.brief)}.`);

  const common = vocabularyWord(3);
  const frequent = vocabularyWord(60);
  const middle = vocabularyWord(600);
  const rare = vocabularyWord(4000);
  const queries: Array<{ label: string; query: string; prefix?: boolean }> = [
    { label: "planted word (1 brief in 125)", query: PLANTED },
    { label: "rare word (Zipf rank 4000)", query: rare },
    { label: "middle word (rank 600)", query: middle },
    { label: "frequent word (rank 60)", query: frequent },
    { label: "common word (rank 3, in nearly all)", query: common },
    { label: "two words, AND", query: `${frequent} ${middle}` },
    { label: "phrase", query: `"${vocabularyWord(1)} ${vocabularyWord(2)}"` },
    { label: "prefix of the last word", query: middle.slice(0, 5), prefix: true },
    { label: "OR of two rare words", query: `${PLANTED} OR ${rare}` },
    { label: "no match", query: "zzyzxnothing" },
  ];

  console.log("\nMatches (all briefs / the reader's, the latter by paging through brief_search):");
  for (const q of queries) {
    const match = q.prefix ? Prisma.sql`to_tsquery('english'::regconfig, ${`${q.query}:*`})` : Prisma.sql`websearch_to_tsquery('english'::regconfig, ${q.query})`;
    const [row] = await prisma.$queryRaw<Array<{ all: number }>>`SELECT count(*)::int AS all FROM "BriefSearch" s WHERE s.document @@ ${match}`;
    let mine = 0;
    let cursor: string | undefined;
    do {
      const page = await searchBriefs(reader, { query: q.query, limit: 200, cursor });
      mine += page.items.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    console.log(`  ${q.label.padEnd(38)} ${JSON.stringify(q.query).padEnd(26)} ${String(row.all).padStart(6)} / ${String(mine).padStart(5)}`);
  }
  const plan = await prisma.$queryRaw<Array<Record<string, string>>>`
    EXPLAIN SELECT 1 FROM "BriefSearch" s WHERE s.document @@ websearch_to_tsquery('english'::regconfig, ${middle})`;
  console.log(`\nPlan of the match for ${JSON.stringify(middle)}: ${plan.map((r) => Object.values(r)[0].trim()).join(" | ")}`);

  const readerProjects = projects.filter((p) => p.owner === reader);
  const secondPageCursor = (await searchBriefs(reader, { query: frequent, limit: PAGE })).nextCursor!;
  const operations: Array<{ name: string; run: (i: number) => Promise<unknown> }> = [
    { name: "title lookup (btree, WHERE title = $1)", run: (i) => prisma.$queryRaw`SELECT id, title, state FROM "Brief" WHERE title = ${titles[(i * 7919) % titles.length]}` },
    { name: `brief_list, first page of ${PAGE}`, run: (i) => listBriefs(reader, { projectId: readerProjects[i % readerProjects.length].id, limit: PAGE }) },
    ...queries.map((q) => ({ name: `search: ${q.label}`, run: () => searchBriefs(reader, { query: q.query, limit: PAGE }) })),
    { name: "search: frequent word, second page", run: () => searchBriefs(reader, { query: frequent, limit: PAGE, cursor: secondPageCursor }) },
  ];
  const timings: Timing[] = operations.map((o) => ({ name: o.name, samples: [] }));
  // Warm-up, then rounds in which every operation runs once, in a shuffled order.
  for (let i = 0; i < 3; i++) for (const o of operations) await o.run(i);
  for (let round = 0; round < options.samples; round++) {
    const order = operations.map((_, i) => i).sort(() => Math.random() - 0.5);
    for (const i of order) {
      const started = performance.now();
      await operations[i].run(round);
      timings[i].samples.push(performance.now() - started);
    }
  }

  const stats = timings.map((t) => {
    const sorted = [...t.samples].sort((a, b) => a - b);
    return { name: t.name, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
  const [title, list] = stats;
  console.log(`\n${options.samples} rounds, page size ${PAGE}. Times in ms; ratios are p50 / the reference's p50.\n`);
  console.log(`| operation | p50 | p95 | × title lookup | × brief_list |`);
  console.log(`|---|---:|---:|---:|---:|`);
  for (const s of stats) {
    console.log(`| ${s.name} | ${s.p50.toFixed(2)} | ${s.p95.toFixed(2)} | ${(s.p50 / title.p50).toFixed(1)} | ${(s.p50 / list.p50).toFixed(2)} |`);
  }
  return 0;
}

runBench(main);
