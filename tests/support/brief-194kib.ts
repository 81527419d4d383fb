import type { BriefContent } from "@/lib/briefs/schema";

/**
 * A brief of about 194 KiB of JSON, near the content limit: long rows in every list, a long
 * right-to-left goal, criteria and a half-ticked checklist. The import's round-trip test and its
 * benchmark share it.
 */
export function brief194KiB(): BriefContent {
  const row = (n: number) => `FR-${n}: ${"The checkout keeps the customer's card token and shows brand, last four digits and expiry. ".repeat(9)}`.slice(0, 1000);
  const rows = (from: number) => Array.from({ length: 40 }, (_, n) => row(from + n));
  return {
    goal: "ע".repeat(3990),
    requirements: rows(0),
    edgeCases: rows(100),
    openQuestions: rows(200),
    testPlanUnit: rows(300),
    acceptanceCriteria: Array.from({ length: 40 }, (_, n) => ({ id: `AC-${n}`, text: row(n + 400) })),
    testingQaChecklist: Array.from({ length: 30 }, (_, n) => ({ text: row(n + 500), checked: n % 2 === 0 })),
  };
}
