import fs from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";

/**
 * The rules live in docs/contract.md, and comments, tests and docs point at its headings. Nothing
 * may point at documents outside the repository (a reader of the repository cannot open them), and
 * every heading a file points at must exist, with the slug GitHub gives it.
 */
const root = path.resolve(import.meta.dirname, "../..");
const CONTRACT = "docs/contract.md";

// Dependencies, git's own files, build output, the generated Prisma client, the embedded database
// and test reports: none of it is written by us.
const skippedNames = new Set(["node_modules", ".git"]);
const skippedPaths = new Set(["lib/generated", "data", "test-results", "playwright-report", "coverage", "blob-report"]);
const isBuildFolder = (name: string) => name === ".next" || name.startsWith(".next-");

type SourceFile = { file: string; text: string };

function repositoryFiles(dir = root): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const file = path.relative(root, full).split(path.sep).join("/");
    if (skippedNames.has(entry.name) || skippedPaths.has(file)) continue;
    if (entry.isDirectory()) {
      if (!isBuildFolder(entry.name)) files.push(...repositoryFiles(full));
    } else if (entry.isFile()) {
      const bytes = fs.readFileSync(full);
      if (!bytes.includes(0)) files.push({ file, text: bytes.toString("utf8") });
    }
  }
  return files;
}

/** Every match of `pattern` as `file:line: text`, for a failure message that says where to look. */
function occurrences(files: SourceFile[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    text.split("\n").forEach((line, index) => {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

/** The anchors GitHub gives the headings of a markdown document (fenced code is not a heading). */
function headingSlugs(markdown: string): string[] {
  const slugger = new GithubSlugger();
  const slugs: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) slugs.push(slugger.slug(heading[1]));
  }
  return slugs;
}

const files = repositoryFiles();

describe("rules are cited inside the repository", () => {
  it("scans the repository's own files, and not what is generated or installed", () => {
    const names = files.map((f) => f.file);
    expect(names).toContain(CONTRACT);
    expect(names).toContain("lib/briefs/schema.ts");
    expect(names.some((name) => /(^|\/)(node_modules|\.next[^/]*|lib\/generated)\//.test(name))).toBe(false);
  });

  it("cites no numbered section of another document (RFCs and OAuth 2.1 excepted)", () => {
    // The section sign, written as an escape so that this file does not match itself.
    const section = new RegExp("(?<!(RFC \\d{4}|OAuth 2\\.1) )\\u00a7");
    expect(occurrences(files, section)).toEqual([]);
  });

  it("points at no document outside the repository", () => {
    // Spelled in pieces for the same reason.
    const outside = ["..", "shared"].join("/");
    const named = ["spec", "brief-tools"].join("/");
    const contract = ["shared", "contract"].join("/");
    const pattern = new RegExp([outside, named, contract].map((s) => s.replace(/[.]/g, "\\.")).join("|"), "i");
    expect(occurrences(files, pattern)).toEqual([]);
  });
});

describe(`every cited heading exists in ${CONTRACT}`, () => {
  const contract = files.find((f) => f.file === CONTRACT)!.text;
  const slugs = headingSlugs(contract);

  it("gives every heading its own anchor, so a citation can name only one", () => {
    expect(slugs.filter((slug) => /-\d+$/.test(slug) && slugs.includes(slug.replace(/-\d+$/, "")))).toEqual([]);
    expect(slugs).toContain("idempotency");
    expect(slugs).toContain("check-order");
  });

  it("resolves every `contract.md#…` reference in code, tests and docs, and every in-page link", () => {
    const cited: string[] = [];
    const missing: string[] = [];
    for (const { file, text } of files) {
      const references = [...text.matchAll(/(?<![\w-])contract\.md#([\w-]+)/g)].map((m) => m[1]);
      if (file === CONTRACT) references.push(...[...text.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]));
      for (const anchor of references) {
        cited.push(anchor);
        if (!slugs.includes(anchor)) missing.push(`${file}: #${anchor}`);
      }
    }
    expect(missing).toEqual([]);
    // The code does cite the contract: an empty scan would pass vacuously.
    expect(new Set(cited).size).toBeGreaterThan(20);
  });

  it("slugs headings the way GitHub does", () => {
    expect(headingSlugs("# The Briefs contract\n## Strings and timestamps\n```\n# not a heading\n```\n### `brief_get_full`")).toEqual([
      "the-briefs-contract",
      "strings-and-timestamps",
      "brief_get_full",
    ]);
  });
});
