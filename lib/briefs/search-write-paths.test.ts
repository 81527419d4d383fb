import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The search document must follow every write of a brief's content or title, in the same batch
 * (docs/contract.md#search). Those writes live in lib/briefs/; a new one (a restore, an import…)
 * that stores a version or sets a title without going through commitContent is caught here.
 */
const dir = path.join(import.meta.dirname);
const sources = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
  .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8") }));

describe("every write of content or title keeps the search document", () => {
  it.each(sources.filter(({ name, text }) => name !== "version-store.ts" && (/\bstoreVersion\(/.test(text) || /UPDATE "Brief" SET[^`]*\btitle\b/.test(text) || /INSERT INTO "Brief"\s*\(/.test(text))))(
    "$name writes it",
    ({ text }) => {
      expect(text).toMatch(/\bwriteSearchDocument\(/);
    },
  );

  it("finds the writers it guards", () => {
    const writers = sources.filter(({ text }) => /\bwriteSearchDocument\(/.test(text)).map((s) => s.name);
    expect(writers).toEqual(expect.arrayContaining(["commit-content.ts", "create-brief.ts"]));
  });
});
