// Plain data, no vitest: child processes of the tests (tests/backup/populate.ts) use it too.
export type Content = Record<string, unknown>;

/** A brief that may go to review: requirements, an acceptance criterion and two QA rows. */
export function readyContent(extra: Content = {}): Content {
  return {
    goal: "Let customers export their invoices.",
    requirements: ["Export as CSV", "Export as PDF"],
    acceptanceCriteria: [{ id: "AC-1", text: "A CSV file downloads" }],
    testingQaChecklist: [
      { text: "CSV opens in a spreadsheet", checked: false },
      { text: "PDF renders", checked: false },
    ],
    ...extra,
  };
}
