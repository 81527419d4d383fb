import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kiroContent, openSpecContent, specKitContent } from "@/tests/support/spec-format-content";
import { detectSpecFormat, readSpecFormat, specFormats, writeSpecFormat, type SpecFormat } from "./index";
import { parseOutline, type OutlineSection } from "./markdown-outline";

const fixtures = { kiro: "kiro-requirements.md", "spec-kit": "spec-kit-spec.md", openspec: "openspec-spec.md" } as const;
const generated = { kiro: kiroContent, "spec-kit": specKitContent, openspec: openSpecContent } as const;

/** Every heading of a file (outside code), in order, as [text, line]. */
function allHeadings(markdown: string): [string, number][] {
  const flatten = (sections: OutlineSection[]): OutlineSection[] => sections.flatMap((s) => [s, ...flatten(s.children)]);
  return flatten(parseOutline(markdown).sections).map((section) => [section.heading.text, section.heading.line]);
}

describe("the spec formats' entry point", () => {
  it.each(specFormats)("reads, writes and recognises %s", (format) => {
    const markdown = readFileSync(`tests/fixtures/import/spec-formats/${fixtures[format]}`, "utf8");
    expect(detectSpecFormat(markdown)).toBe(format);
    const brief = readSpecFormat(format, markdown);
    expect(brief.format).toBe(format);
    const written = writeSpecFormat(format, brief.title ?? "Untitled", brief.content);
    expect(detectSpecFormat(written)).toBe(format);
    expect(readSpecFormat(format, written).content).toEqual(brief.content);
  });

  it.each(specFormats)("says where every heading of a %s file went", (format: SpecFormat) => {
    fc.assert(
      fc.property(generated[format], (content) => {
        const markdown = writeSpecFormat(format, "Title", content);
        const placed = readSpecFormat(format, markdown).headings;
        expect(placed.map((heading) => [heading.heading, heading.line])).toEqual(allHeadings(markdown));
        for (const heading of placed) expect(heading.section).not.toBe("");
      }),
      { numRuns: 25 },
    );
  });
});
