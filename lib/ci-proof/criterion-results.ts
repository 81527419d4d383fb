import { EVIDENCE_SUMMARY_MAX, FINDING_NOTE_MAX } from "@/lib/contract/bounds";
import type { TestCase } from "./parse-junit";

/** What a report says of one criterion: the cases naming it, by outcome (skipped ones left out). */
export type CriterionResult = { criterionId: string; passed: TestCase[]; failed: TestCase[] };

/** Cases naming each of the given criteria, in the criteria's order; criteria no case names are left out. */
export function resultsByCriterion(cases: readonly TestCase[], mentions: (testCase: TestCase) => Set<string>, criterionIds: readonly string[]): CriterionResult[] {
  const byId = new Map<string, CriterionResult>();
  for (const testCase of cases) {
    if (testCase.outcome === "skip") continue;
    for (const id of mentions(testCase)) {
      if (!criterionIds.includes(id)) continue;
      const result = byId.get(id) ?? { criterionId: id, passed: [], failed: [] };
      (testCase.outcome === "pass" ? result.passed : result.failed).push(testCase);
      byId.set(id, result);
    }
  }
  return criterionIds.flatMap((id) => byId.get(id) ?? []);
}

const title = (testCase: TestCase) => (testCase.classname ? `${testCase.classname} › ${testCase.name}` : testCase.name);

function bounded(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

/** The evidence item's summary: counts, then the cases (failing first), cut to the contract's bound. */
export function summaryOf(result: CriterionResult, workflow: string): string {
  const counts = [result.passed.length && `${result.passed.length} passed`, result.failed.length && `${result.failed.length} failed`].filter(Boolean).join(", ");
  const names = [...result.failed.map((c) => `✗ ${title(c)}`), ...result.passed.map((c) => `✓ ${title(c)}`)].join("\n");
  return bounded(`${workflow}: ${counts}\n${names}`, EVIDENCE_SUMMARY_MAX);
}

/** The finding a failing criterion opens: which cases failed and how. */
export function findingNoteOf(result: CriterionResult, workflow: string): string {
  const lines = result.failed.map((c) => `${title(c)}${c.message ? `: ${c.message}` : ""}`);
  return bounded(`${result.criterionId} failed in ${workflow}:\n${lines.join("\n")}`, FINDING_NOTE_MAX);
}
