import { describe, expect, it } from "vitest";
import { MATCH_START as S, MATCH_STOP as E, snippetFromHeadline, snippetRuns } from "./search-snippet";

describe("snippetFromHeadline", () => {
  it("turns markers into code-point ranges and keeps the text plain", () => {
    const snippet = snippetFromHeadline("goal", `Let ${S}customers${E} <b>export</b> & ${S}😀x${E} now`);
    expect(snippet.text).toBe("Let customers <b>export</b> & 😀x now");
    expect(snippet.highlights).toEqual([
      { start: 4, end: 13 },
      { start: 30, end: 32 },
    ]);
    expect(snippetRuns(snippet)).toEqual([
      { text: "Let ", match: false },
      { text: "customers", match: true },
      { text: " <b>export</b> & ", match: false },
      { text: "😀x", match: true },
      { text: " now", match: false },
    ]);
  });

  it("folds whitespace: line breaks between rows become a dot, other runs one space, none at the ends", () => {
    const snippet = snippetFromHeadline("requirements", `  Export as ${S}CSV${E}\n\nExport\tas   PDF \n`);
    expect(snippet.text).toBe("Export as CSV · Export as PDF");
    expect(snippet.highlights).toEqual([{ start: 10, end: 13 }]);
  });

  it("puts the gap before a highlight outside it", () => {
    const snippet = snippetFromHeadline("goal", `a\n${S}b${E} ${S}c${E}`);
    expect(snippet.text).toBe("a · b c");
    expect(snippet.highlights).toEqual([
      { start: 4, end: 5 },
      { start: 6, end: 7 },
    ]);
  });

  it("gives an empty snippet for a brief without text", () => {
    expect(snippetFromHeadline(null, null)).toEqual({ section: null, text: "", highlights: [] });
  });
});

describe("snippetRuns", () => {
  it("ignores ranges that overlap, run backwards or past the end", () => {
    const runs = snippetRuns({ section: "goal", text: "abcdef", highlights: [{ start: 1, end: 3 }, { start: 2, end: 4 }, { start: 5, end: 9 }, { start: 4, end: 4 }] });
    expect(runs).toEqual([
      { text: "a", match: false },
      { text: "bc", match: true },
      { text: "def", match: false },
    ]);
  });
});
