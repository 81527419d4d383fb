import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkItem } from "./check-item";
import { earsPattern, type EarsPattern } from "./ears";
import { RULE_IDS, type CheckedSection } from "./rule-ids";

/**
 * The labelled corpus (tests/fixtures/quality/corpus.jsonl): requirement, criterion, edge-case and
 * evidence sentences in the styles people write them, each with the findings it must produce and,
 * for requirements, its EARS pattern. Every rule must reach a precision and a recall of 0.9 on it:
 * a false finding costs trust faster than a missed one.
 */
type Line = { section: CheckedSection; text: string; expect: { rule: string; words: string }[]; ears?: EarsPattern | null };

const corpus: Line[] = fs
  .readFileSync(path.join(process.cwd(), "tests/fixtures/quality/corpus.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));

const key = (rule: string, words: string) => `${rule}\u0000${words.toLowerCase()}`;

function scores() {
  const counts = new Map<string, { tp: number; fp: number; fn: number; misses: string[] }>();
  const of = (rule: string) => {
    if (!counts.has(rule)) counts.set(rule, { tp: 0, fp: 0, fn: 0, misses: [] });
    return counts.get(rule)!;
  };
  for (const line of corpus) {
    const found = checkItem({ section: line.section, index: 0, itemId: null, text: line.text }).map((f) => key(f.ruleId, f.words));
    const expected = line.expect.map((e) => key(e.rule, e.words));
    const left = [...expected];
    for (const f of found) {
      const rule = f.split("\u0000")[0];
      const at = left.indexOf(f);
      if (at >= 0) {
        of(rule).tp++;
        left.splice(at, 1);
      } else {
        of(rule).fp++;
        of(rule).misses.push(`false: ${f.split("\u0000")[1]} in "${line.text}"`);
      }
    }
    for (const e of left) {
      of(e.split("\u0000")[0]).fn++;
      of(e.split("\u0000")[0]).misses.push(`missed: ${e.split("\u0000")[1]} in "${line.text}"`);
    }
  }
  return counts;
}

describe("the labelled corpus", () => {
  it("holds at least 200 sentences in the four checked sections", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    expect(new Set(corpus.map((line) => line.section))).toEqual(new Set(["requirements", "acceptanceCriteria", "edgeCases", "requiredEvidence"]));
  });

  const counts = scores();
  for (const rule of RULE_IDS.filter((id) => id !== "ears")) {
    it(`${rule}: precision and recall of at least 0.9`, () => {
      const c = counts.get(rule) ?? { tp: 0, fp: 0, fn: 0, misses: [] };
      expect(c.tp, `${rule} has examples in the corpus`).toBeGreaterThanOrEqual(10);
      const precision = c.tp / (c.tp + c.fp);
      const recall = c.tp / (c.tp + c.fn);
      expect({ rule, precision: precision >= 0.9, recall: recall >= 0.9 }, `${rule}: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n${c.misses.join("\n")}`).toEqual({ rule, precision: true, recall: true });
    });
  }

  it("EARS: each requirement's pattern as labelled, for at least 0.9 of them per pattern", () => {
    const requirements = corpus.filter((line) => line.section === "requirements" && line.ears !== undefined);
    const patterns = [...new Set(requirements.map((line) => line.ears ?? null))];
    const wrong: string[] = [];
    for (const pattern of patterns) {
      const labelled = requirements.filter((line) => (line.ears ?? null) === pattern);
      const right = labelled.filter((line) => earsPattern(line.text) === pattern);
      const predicted = requirements.filter((line) => earsPattern(line.text) === pattern);
      for (const line of labelled) if (earsPattern(line.text) !== pattern) wrong.push(`${pattern} read as ${earsPattern(line.text)}: ${line.text}`);
      expect(right.length / labelled.length, `${pattern} recall\n${wrong.join("\n")}`).toBeGreaterThanOrEqual(0.9);
      expect(right.length / Math.max(1, predicted.length), `${pattern} precision\n${wrong.join("\n")}`).toBeGreaterThanOrEqual(0.9);
    }
  });
});
