/**
 * Importing a brief of 194 KiB from its Markdown export beside creating the same brief from its
 * JSON content: `brief_create` with `markdown` and with `content`, through the service both doors
 * call, on the same database, alternated call by call. The budget: the import takes at most three
 * times as long. Also shown: reading the Markdown alone (no database), and the export's own cost.
 *
 *   npx tsx bench/import.ts                    # PostgreSQL at postgresql://postgres@127.0.0.1:5432/postgres
 *   npx tsx bench/import.ts --db pglite        # the embedded database
 *
 * Options: --pg-url <url>, --samples <pairs, 40>. Not part of `npm test`. Exit code 0 when every
 * imported brief equals the original (the round trip) and the figures are printed.
 */
import { performance } from "node:perf_hooks";
import canonicalize from "canonicalize";
import { parseBenchOptions } from "./support/bench-options";
import { createBenchDatabase } from "./support/bench-database";
import { brief194KiB } from "../tests/support/brief-194kib";

const { db: kind, pgUrl, samples } = parseBenchOptions({ samples: 40 });

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const p90 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(list.length * 0.9) - 1)];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<number> {
  const database = await createBenchDatabase(kind, pgUrl);
  Object.assign(process.env, database.env);
  if (kind === "pglite") delete process.env.DATABASE_URL;
  try {
    const { createBrief } = await import("@/lib/briefs/create-brief");
    const { getBriefFull } = await import("@/lib/briefs/get-brief-full");
    const { briefToMarkdown } = await import("@/lib/briefs/brief-markdown");
    const { readMarkdownBrief } = await import("@/lib/import/read-markdown-brief");
    const { createProject } = await import("@/lib/projects/create-project");
    const { ensureUser } = await import("@/lib/users/ensure-user");
    const { cliActor } = await import("@/lib/auth/cli-actor");
    const { closeDatabase } = await import("@/lib/db/client");

    const actor = cliActor(await ensureUser("bench@briefs.dev"));
    const project = await createProject(actor, { name: "Import bench", idempotencyKey: crypto.randomUUID() });
    const projectId = project.result.project.id;
    const content = brief194KiB();
    const exportOf = (value: typeof content) => briefToMarkdown({ title: "Large brief", projectName: "Import bench", state: "drafting", versionNum: 1, hash: null, updatedAt: new Date(), content: value });
    const exportStarted = performance.now();
    const markdown = exportOf(content);
    const exportMs = performance.now() - exportStarted;
    // Unchanged sections are written once and reused; a copy with one changed row shows the cost
    // of writing sections afresh, beside reading the same content's JSON as the reference.
    const freshExports: number[] = [];
    const jsonReads: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const changed = { ...content, requirements: [...(content.requirements as string[]).slice(1), `FR-new-${i}`] };
      const started = performance.now();
      exportOf(changed);
      freshExports.push(performance.now() - started);
      const text = JSON.stringify(changed);
      const read = performance.now();
      JSON.parse(text);
      jsonReads.push(performance.now() - read);
    }
    const cachedStarted = performance.now();
    exportOf(content);
    const cachedMs = performance.now() - cachedStarted;

    const fromJson: number[] = [];
    const fromMarkdown: number[] = [];
    const readOnly: number[] = [];
    let last = "";
    for (let i = 0; i < samples + 3; i += 1) {
      const warm = i < 3;
      const order = i % 2 === 0 ? ["json", "markdown"] : ["markdown", "json"];
      for (const which of order) {
        const started = performance.now();
        const { result } =
          which === "json"
            ? await createBrief(actor, { projectId, title: "Large brief", content, idempotencyKey: crypto.randomUUID() })
            : await createBrief(actor, { projectId, markdown, idempotencyKey: crypto.randomUUID() });
        const took = performance.now() - started;
        if (!warm) (which === "json" ? fromJson : fromMarkdown).push(took);
        if (which === "markdown") last = result.brief.id;
      }
      const readStarted = performance.now();
      readMarkdownBrief(markdown);
      if (!warm) readOnly.push(performance.now() - readStarted);
    }

    const stored = (await getBriefFull(actor, { briefId: last })).brief.content as Record<string, unknown>;
    const comparable = (value: Record<string, unknown>) => {
      const copy: Record<string, unknown> = { ...value };
      delete copy.checklist;
      copy.testingQaChecklist = (value.testingQaChecklist as { text: string; checked: boolean }[]).map(({ text, checked }) => ({ text, checked }));
      return canonicalize(copy);
    };
    const same = comparable(stored) === comparable(content as Record<string, unknown>);
    const ratio = median(fromMarkdown) / median(fromJson);

    console.log(`Import of a 194 KiB brief on ${await database.describe()}`);
    console.log(`  content ${Buffer.byteLength(JSON.stringify(content))} bytes of JSON; its export ${Buffer.byteLength(markdown)} bytes of Markdown`);
    console.log(`  export: first ${ms(exportMs)} (cold), one section changed median ${ms(median(freshExports))}, unchanged ${ms(cachedMs)}; JSON.parse of the same content median ${ms(median(jsonReads))}`);
    console.log(`  ${samples} pairs, alternated, after 3 warm-up pairs:`);
    console.log(`  brief_create with content (JSON)     median ${ms(median(fromJson))}   p90 ${ms(p90(fromJson))}`);
    console.log(`  brief_create with markdown (import)  median ${ms(median(fromMarkdown))}   p90 ${ms(p90(fromMarkdown))}`);
    console.log(`  reading the Markdown alone           median ${ms(median(readOnly))}`);
    console.log(`  ratio import / JSON (medians): ${ratio.toFixed(2)}× — budget ≤ 3× ${ratio <= 3 ? "(within)" : "(OVER)"}`);
    console.log(`  round trip: the imported brief ${same ? "equals" : "DIFFERS FROM"} the original`);
    await closeDatabase();
    return same ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
