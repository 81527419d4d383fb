/**
 * Builds the app for the benchmark into its own folder, without leaving edits in shared files:
 *
 *   npx tsx bench/build.ts     # = NEXT_DIST_DIR=.next-bench npx next build, then undo its edits to tsconfig.json and next-env.d.ts
 *
 * `next build` with a custom distDir edits two shared files: it adds `.next-bench/types/**` to
 * tsconfig.json's include (a committed file, which it also reformats) and points next-env.d.ts at
 * `.next-bench/types` (so everyone's `tsc` would read the benchmark build's route types). Afterwards
 * this wrapper puts a file back as it was when the build's edit is its only change, and otherwise
 * takes out only the `.next-bench` references, leaving other people's changes alone.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
const escaped = DIST_DIR.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ownEntry = new RegExp(`^(\\./)?${escaped}/`);

type Guarded = {
  file: string;
  /** The file refers to the benchmark's build folder. */
  hasOwnEdit(text: string): boolean;
  /** `after` is `before` plus only the build's own edit (formatting aside). */
  onlyOwnEdit(before: string, after: string): boolean;
  /** The text without the references to the benchmark's build folder, or undefined if that cannot be done safely. */
  withoutOwnEdit(text: string): string | undefined;
};

const guarded: Guarded[] = [
  {
    file: "tsconfig.json",
    hasOwnEdit: (text) => includeOf(text).some((entry) => ownEntry.test(entry)),
    onlyOwnEdit(before, after) {
      try {
        const a = JSON.parse(after);
        if (Array.isArray(a.include)) a.include = a.include.filter((entry: string) => !ownEntry.test(entry));
        return JSON.stringify(a) === JSON.stringify(JSON.parse(before));
      } catch {
        return false;
      }
    },
    withoutOwnEdit(text) {
      const result = text.replace(new RegExp(`,\\s*"(\\./)?${escaped}/[^"]*"`, "g"), "");
      try {
        JSON.parse(result);
      } catch {
        return undefined;
      }
      return includeOf(result).some((entry) => ownEntry.test(entry)) ? undefined : result;
    },
  },
  {
    file: "next-env.d.ts",
    hasOwnEdit: (text) => text.includes(`"./${DIST_DIR}/types/`),
    onlyOwnEdit(before, after) {
      const strip = (text: string) => text.replace(/"\.\/[^"]*\/types\/([^"]+)"/g, '"./<dist>/types/$1"');
      return strip(before) === strip(after);
    },
    // Next's default folder; the next build or dev server of whoever uses another one rewrites it anyway.
    withoutOwnEdit: (text) => text.split(`"./${DIST_DIR}/types/`).join(`"./.next/types/`),
  },
];

function includeOf(text: string): string[] {
  try {
    const include: unknown = JSON.parse(text).include;
    return Array.isArray(include) ? include.map(String) : [];
  } catch {
    return [];
  }
}

function read(file: string): string | undefined {
  const full = path.join(ROOT, file);
  return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : undefined;
}

async function main(): Promise<number> {
  const before = new Map(guarded.map((g) => [g.file, read(g.file)]));
  const code = await new Promise<number>((resolve) => {
    const child = spawn(path.join(ROOT, "node_modules", ".bin", "next"), ["build"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: "inherit",
    });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
    child.on("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  for (const g of guarded) {
    const after = read(g.file);
    const previous = before.get(g.file);
    if (after === undefined || !g.hasOwnEdit(after)) continue;
    if (previous !== undefined && !g.hasOwnEdit(previous) && g.onlyOwnEdit(previous, after)) {
      fs.writeFileSync(path.join(ROOT, g.file), previous);
      console.log(`bench/build: put ${g.file} back as it was (next build had pointed it at ${DIST_DIR}).`);
      continue;
    }
    const cleaned = g.withoutOwnEdit(after);
    if (cleaned === undefined) {
      console.warn(`bench/build: could not take the ${DIST_DIR} references out of ${g.file}; please remove them by hand.`);
      continue;
    }
    fs.writeFileSync(path.join(ROOT, g.file), cleaned);
    console.log(`bench/build: removed the ${DIST_DIR} references from ${g.file}; its other changes are left as they are.`);
  }
  if (code !== 0) console.error(`bench/build: next build failed (exit ${code}).`);
  else console.log(`bench/build: built into ${DIST_DIR}/. Run: npx tsx bench/toggle-load.ts --db pglite|postgres`);
  return code;
}

main().then((code) => process.exit(code));
