/**
 * How each section merges (docs/contract.md#merge-rules). Long texts and keys the contract does not
 * know merge as whole sections; lists with ids per item by id; every other list per item by its
 * text: a string list by the string, the QA checklist by the row's text (ticks are the server's),
 * decisions by their text and source links by their label.
 */
export type SectionKind =
  | { merge: "whole" }
  | { merge: "byId" }
  | { merge: "byText"; textOf: (item: unknown) => string; checklist?: true };

const byId: SectionKind = { merge: "byId" };
const strings: SectionKind = { merge: "byText", textOf: (item) => (typeof item === "string" ? item : JSON.stringify(item)) };
const field = (name: string): SectionKind => ({
  merge: "byText",
  textOf: (item) => {
    const value = (item as Record<string, unknown> | null)?.[name];
    return typeof value === "string" ? value : JSON.stringify(item);
  },
});

const kinds: Record<string, SectionKind> = {
  requirements: strings,
  edgeCases: strings,
  rolesPermissions: strings,
  states: strings,
  testPlanUnit: strings,
  testPlanIntegration: strings,
  testPlanUiUx: strings,
  openQuestions: strings,
  acceptanceCriteria: byId,
  requiredEvidence: byId,
  generatedTickets: byId,
  testingQaChecklist: { ...field("text"), checklist: true } as SectionKind,
  decisions: field("text"),
  sourceArtifactLinks: field("label"),
};

export function sectionKind(key: string): SectionKind {
  return Object.hasOwn(kinds, key) ? kinds[key] : { merge: "whole" };
}

/** The QA checklist's section key; `checklist` is its read-only mirror and input alias. */
export const CHECKLIST_SECTION = "testingQaChecklist";
