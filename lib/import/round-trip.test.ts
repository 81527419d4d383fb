/**
 * The export and the import are one format: whatever brief_export writes, an import reads back to
 * the same content (canonical JSON), apart from the checklist's attribution, which an import sets
 * to the person importing, and the editor's unsaved `_draft`, which the export leaves out.
 */
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { briefToMarkdown } from "@/lib/briefs/brief-markdown";
import type { BriefContent } from "@/lib/briefs/schema";
import { parseContentInput } from "@/lib/briefs/validate-content";
import { brief194KiB } from "@/tests/support/brief-194kib";
import { readMarkdownBrief } from "./read-markdown-brief";

function exported(content: BriefContent, title = "Round trip"): string {
  return briefToMarkdown({ title, projectName: "Import", state: "drafting", versionNum: 4, hash: "0".repeat(64), updatedAt: new Date("2026-11-28T08:00:00Z"), content });
}

/** What the round trip must keep: everything but attribution, `_draft` and the mirror. */
function comparable(content: BriefContent): string {
  const copy: Record<string, unknown> = JSON.parse(JSON.stringify(content));
  delete copy._draft;
  delete copy.checklist;
  if (Array.isArray(copy.testingQaChecklist)) {
    copy.testingQaChecklist = copy.testingQaChecklist.map((row: Record<string, unknown>) => ({ text: row.text, checked: row.checked }));
  }
  return canonicalize(copy)!;
}

function expectRoundTrip(content: BriefContent, title?: string): string {
  const markdown = exported(content, title);
  const back = readMarkdownBrief(markdown);
  expect(back.format).toBe("briefs");
  expect(comparable(back.content)).toBe(comparable(content));
  return markdown;
}

// Pieces that trip Markdown up, mixed into generated text.
const awkward = [
  "# Not a heading of ours", "## Nor this", "### Deeper", "```", "```js\n# comment\n```", "~~~", "| a | b |\n|---|---|\n| 1 | 2 |",
  "- item", "1. first", "* star", "[ ] box", "[x] done", "**AC-1** ", "AC-2: ", " (stated)", " (source: x; inferred)", " (read)",
  " (kind: doc; unread)", " — checked by Ana at 2026-01-01T00:00:00.000Z", "_Criteria: none · Requirements: none_", "Manual evidence: a (b)",
  "עברית ימין לשמאל", "مرحبا بالعالم", "😀👩🏽‍💻", "\n", "\n\n", "  ", "\t", "<!--", "-->", "<script>alert(1)</script>", "> quote", "---",
  "===", "\\", "*", "_", "`", "[link](https://example.com)", "![img](a.png)", "    indented", "\"quoted\"", "{\"json\": true}", "T-1: ",
];
const words = fc.oneof(fc.constantFrom(...awkward), fc.string({ unit: "grapheme", maxLength: 12 }), fc.constantFrom("Save", "card", "the", "checkout"));
const text = (min: number, max: number) =>
  fc.array(fc.tuple(words, fc.constantFrom(" ", "")), { minLength: min, maxLength: max }).map((parts) => parts.map(([word, gap]) => word + gap).join(""));
const item = text(1, 8).filter((value) => value.length >= 1 && value.length <= 1000);
const longText = text(0, 30).filter((value) => value.length <= 4000);
const id = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,12}$/);
const maybe = <T,>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const list = <T,>(arbitrary: fc.Arbitrary<T>) => fc.array(arbitrary, { maxLength: 5 });
const criterion = fc.oneof(
  fc.record({ id, text: item }),
  fc.record({ id, text: item, implementation: fc.constant(false), manualEvidence: fc.record({ rationale: item, evidencePath: item }) }),
  fc.record({ id, text: item, implementation: fc.constant(true) }),
);
const row = fc.record({ text: item, checked: fc.boolean(), checkedBy: maybe(fc.constant("Ana")), checkedAt: maybe(fc.constant("2026-11-01T10:00:00.000Z")) }, { requiredKeys: ["text", "checked"] });
const ticket = fc.record({ id, title: item.filter((value) => value.length <= 500), description: fc.option(longText, { nil: null }), boundCriteria: list(id), boundRequirements: list(id) });
const decision = fc.record({ text: item, source: maybe(item), stated: maybe(fc.boolean()) }, { requiredKeys: ["text"] });
const link = fc.record({ label: item, kind: maybe(item.filter((value) => value.length <= 200)), read: maybe(fc.boolean()) }, { requiredKeys: ["label"] });
const unknownKey = fc.oneof(fc.constantFrom("Background", "Goals", "goal ", "\"quoted\"", "Risks #", "__proto__", "", "multi\nline", "QA"), fc.string({ maxLength: 10 }));

const contentArbitrary = fc
  .record(
    {
      goal: longText, scope: longText, design: longText, requirements: list(item), edgeCases: list(item), openQuestions: list(item),
      acceptanceCriteria: list(criterion), requiredEvidence: list(criterion), testingQaChecklist: list(row), generatedTickets: list(ticket),
      decisions: list(decision), sourceArtifactLinks: list(link),
      extras: fc.array(fc.tuple(unknownKey, fc.oneof(longText, fc.jsonValue({ maxDepth: 2 }))), { maxLength: 3 }),
    },
    { requiredKeys: [] },
  )
  .map(({ extras, ...known }) => {
    const content: Record<string, unknown> = { ...known };
    for (const [key, value] of extras ?? []) {
      if (!(key in content)) Object.defineProperty(content, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return content as BriefContent;
  })
  .filter((content) => {
    try {
      parseContentInput(content);
      return true;
    } catch {
      return false;
    }
  });

describe("export then import", () => {
  it("gives back the same content for generated briefs", () => {
    fc.assert(
      fc.property(contentArbitrary, (content) => {
        expectRoundTrip(content);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps empty sections, as empty", () => {
    const markdown = expectRoundTrip({ goal: "", requirements: [], testingQaChecklist: [], decisions: [], Notes: "" });
    expect(markdown).toContain("## Goal\n\n## Requirements");
  });

  it("keeps code fences holding # lines, tables, and right-to-left text in the readable form", () => {
    const goal = "Ship it.\n\n```bash\n# not a heading\n## nor this\n```\n\n| מדד | يعد |\n|---|---|\n| 1 | ٢ |";
    const markdown = expectRoundTrip({ goal, requirements: ["FR-3: The system shall keep `#` in code", "שלום עולם"] });
    expect(markdown).toContain("# not a heading");
    expect(markdown).not.toContain("```json");
  });

  it("tells a link's read: false from no value, and a label ending in brackets from its facts", () => {
    const links = [{ label: "Spec (draft)" }, { label: "Notes", read: false }, { label: "Board", kind: "figma", read: true }, { label: "Plain (read)" }];
    const decisions = [{ text: "Use Postgres (for now)" }, { text: "Drop IE", stated: false }, { text: "Cache (stated)" }, { text: "Ship", source: "call; Monday", stated: true }];
    expectRoundTrip({ sourceArtifactLinks: links, decisions });
  });

  it("keeps keys the contract does not know, whatever they hold", () => {
    expectRoundTrip({ goal: "g", "Rollout plan": "Week 1: staff.\n\nWeek 2: everyone.", metrics: { target: 0.4, names: ["a"] }, Goals: "not the goal section", flags: [], nothing: null });
  });

  it("round-trips a brief of 194 KiB", () => {
    const content = brief194KiB();
    const size = Buffer.byteLength(JSON.stringify(content));
    expect(size).toBeGreaterThan(190 * 1024);
    expect(size).toBeLessThan(200 * 1024);
    expectRoundTrip(content);
  });
});
