/**
 * What proposals cost through `/api/mcp` (the production build under `next start`), each beside the
 * reference the budget names, measured in the same run and interleaved:
 *
 *   - accepting a one-section proposal on the 194 KiB brief, beside a `brief_update` that makes the
 *     same change (the whole document sent, as an agent writing directly does);
 *   - listing 100 open proposals with their standing (mergeable, conflicts, overlaps) on that brief,
 *     beside `brief_get_full` of it;
 *   - the size of `tools/list` for a token with every scope.
 *
 *   npx tsx bench/build.ts                  # after every code change (builds into .next-bench)
 *   npx tsx bench/proposals.ts              # PostgreSQL at postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/proposals.ts --db pglite
 *
 * Options: --pg-url <url>, --samples <pairs per measure, 40>, --open <open proposals listed, 100>.
 * Budgets (docs/benchmarks.md#proposals): accept ≤ 2× update, list ≤ 3× get_full, tools/list ≤ 52,000 bytes.
 * Not part of `npm test`; the exit code is 0 when every answer was as expected.
 */
import crypto from "node:crypto";
import { largeBriefContent } from "./support/brief-contents";
import { parseBenchOptions } from "./support/bench-options";
import { startMcpBench } from "./support/mcp-bench";
import { runBench } from "./support/run-bench";
import { f1, f2, p50, timed } from "./support/timed-pairs";

const options = parseBenchOptions({ samples: 40, open: 100 });
const { samples, open: openCount } = options;

const newKey = () => crypto.randomUUID();

async function main(): Promise<number> {
  const { db, mcp, projectId, url, token } = await startMcpBench({ ...options, projectName: "Proposals benchmark" });
  const create = async (title: string) => (await mcp.ok("brief_create", { projectId, title, content: largeBriefContent(50), idempotencyKey: newKey() })).brief;
  const direct = await create("updated directly");
  const proposed = await create("changed by proposals");
  const stored = { ...direct.content };
  delete stored.checklist;
  const briefBytes = Buffer.byteLength(JSON.stringify(stored));

  // Accept vs update, interleaved: both change the goal of a 194 KiB brief to a new text of the same length.
  const accept: number[] = [];
  const update: number[] = [];
  let directVersion: number = direct.versionNum;
  let proposedVersion: number = proposed.versionNum;
  for (let i = 0; i < samples; i++) {
    const goal = `Goal ${i} `.padEnd(4000, "x");
    const [updateMs, updated] = await timed(() =>
      mcp.ok("brief_update", { briefId: direct.id, content: { ...stored, goal }, ifVersionNum: directVersion, idempotencyKey: newKey() }),
    );
    directVersion = updated.brief.versionNum;
    const { proposal } = await mcp.ok("brief_propose", { briefId: proposed.id, baseVersionNum: proposedVersion, summary: `Goal ${i}`, changes: { goal }, idempotencyKey: newKey() });
    const [acceptMs, accepted] = await timed(() => mcp.ok("brief_proposal_decide", { briefId: proposed.id, proposalId: proposal.id, decision: "accept", idempotencyKey: newKey() }));
    if (!accepted.brief.createdNewVersion || accepted.brief.content.goal !== goal) throw new Error("the accept did not write the goal");
    proposedVersion = accepted.brief.versionNum;
    if (i >= 3) {
      update.push(updateMs);
      accept.push(acceptMs);
    }
  }

  // 100 open proposals, each changing one requirement; then listing them beside brief_get_full.
  const requirements = stored.requirements as string[];
  for (let i = 0; i < openCount; i++) {
    const next = requirements.map((text, k) => (k === i % requirements.length ? `${text} (proposal ${i})` : text));
    await mcp.ok("brief_propose", { briefId: proposed.id, baseVersionNum: proposedVersion, summary: `Proposal ${i}`, changes: { requirements: next }, idempotencyKey: newKey() });
  }
  // The brief moves on in a section they touch, so every standing is really computed.
  const moved = requirements.map((text, k) => (k === requirements.length - 1 ? `${text} (edited)` : text));
  await mcp.ok("brief_update", { briefId: proposed.id, content: { ...stored, goal: `Goal ${samples - 1} `.padEnd(4000, "x"), requirements: moved }, idempotencyKey: newKey() });
  const list: number[] = [];
  const full: number[] = [];
  for (let i = 0; i < samples; i++) {
    const [fullMs, got] = await timed(() => mcp.ok("brief_get_full", { briefId: proposed.id }));
    const [listMs, page] = await timed(() => mcp.ok("brief_collection_list", { briefId: proposed.id, collection: "proposals", limit: openCount }));
    const open = page.items.filter((p: { status: string }) => p.status === "open");
    if (open.length !== openCount || got.openProposals !== openCount) throw new Error(`expected ${openCount} open proposals, listed ${open.length}`);
    if (!open.every((p: { mergeable?: boolean; overlapsWith?: unknown[] }) => typeof p.mergeable === "boolean" && Array.isArray(p.overlapsWith))) throw new Error("a proposal came without its standing");
    if (i >= 3) {
      full.push(fullMs);
      list.push(listMs);
    }
  }

  // tools/list as a token with every scope receives it.
  const listed = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  const text = await listed.text();
  const data = text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))!.slice(6);
  const toolsListBytes = Buffer.byteLength(JSON.stringify(JSON.parse(data).result));
  mcp.close();

  console.log(`\n${await db.describe()} · brief of ${(briefBytes / 1024).toFixed(0)} KiB · ${accept.length} pairs per measure after 3 warm-up pairs\n`);
  console.log("| measure | p50 | reference | reference p50 | ratio | budget |");
  console.log("|---|---|---|---|---|---|");
  console.log(`| accept a one-section proposal | ${f1(p50(accept))} ms | brief_update, same change | ${f1(p50(update))} ms | **${f2(p50(accept) / p50(update))}×** | ≤ 2× |`);
  console.log(`| list ${openCount} open proposals with their standing | ${f1(p50(list))} ms | brief_get_full | ${f1(p50(full))} ms | **${f2(p50(list) / p50(full))}×** | ≤ 3× |`);
  console.log(`| tools/list, every scope | ${toolsListBytes} bytes | — | — | — | ≤ 52,000 bytes |`);
  return 0;
}

runBench(main);
