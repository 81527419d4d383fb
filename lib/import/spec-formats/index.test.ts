import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectSpecFormat, readSpecFormat, specFormats, writeSpecFormat } from "./index";

const fixtures = { kiro: "kiro-requirements.md", "spec-kit": "spec-kit-spec.md", openspec: "openspec-spec.md" } as const;

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
});
