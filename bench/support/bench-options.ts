/**
 * The command line the database benchmarks share: `--db postgres|pglite`, `--pg-url` and whole-number
 * options such as `--samples`, each with the default the benchmark gives. Unknown options are
 * refused, so a mistyped one never runs a benchmark with a default the caller did not mean.
 */
import { parseArgs } from "node:util";

export type BenchDb = "postgres" | "pglite";

export function parseBenchOptions<const Counts extends Record<string, number>>(
  counts: Counts,
): { db: BenchDb; pgUrl: string } & { [K in keyof Counts]: number } {
  const { values } = parseArgs<{ strict: true; options: Record<string, { type: "string"; default: string }> }>({
    strict: true,
    options: {
      db: { type: "string", default: "postgres" },
      "pg-url": { type: "string", default: "postgresql://postgres@127.0.0.1:5432/postgres" },
      ...Object.fromEntries(Object.entries(counts).map(([name, fallback]) => [name, { type: "string", default: String(fallback) }])),
    },
  });
  const db = values.db;
  if (db !== "postgres" && db !== "pglite") throw new Error("--db must be postgres or pglite");
  const numbers = Object.fromEntries(Object.keys(counts).map((name) => [name, Number(values[name])]));
  return { db, pgUrl: String(values["pg-url"]), ...numbers } as { db: BenchDb; pgUrl: string } & { [K in keyof Counts]: number };
}
