/**
 * How the editor presents each known section of the brief content (docs/contract.md#content-sections). The bounds are
 * not repeated here: they come from lib/contract/bounds.ts wherever a field shows or checks them.
 */
export type LongTextKey =
  | "goal"
  | "userPersonaContext"
  | "scope"
  | "outOfScope"
  | "productSolution"
  | "technicalSolution"
  | "dataModelImplications"
  | "architectureAssumptions"
  | "design";

export type TextListKey =
  | "requirements"
  | "edgeCases"
  | "rolesPermissions"
  | "states"
  | "testPlanUnit"
  | "testPlanIntegration"
  | "testPlanUiUx"
  | "openQuestions";

export type CriteriaKey = "acceptanceCriteria" | "requiredEvidence";

export type SectionKey =
  | LongTextKey
  | TextListKey
  | CriteriaKey
  | "testingQaChecklist"
  | "generatedTickets"
  | "decisions"
  | "sourceArtifactLinks";

type SectionKind = "longText" | "textList" | "criteria" | "checklist" | "tickets" | "decisions" | "links";

export type SectionDef = {
  key: SectionKey;
  label: string;
  /** One item's name, for row labels such as "Requirement 3". */
  itemLabel: string;
  kind: SectionKind;
  hint: string;
};

type SectionGroup = { id: string; title: string; sections: SectionDef[] };

const longText = (key: LongTextKey, label: string, hint: string): SectionDef => ({ key, label, itemLabel: label, kind: "longText", hint });
const textList = (key: TextListKey, label: string, itemLabel: string, hint: string): SectionDef => ({ key, label, itemLabel, kind: "textList", hint });

export const sectionGroups: SectionGroup[] = [
  {
    id: "overview",
    title: "Overview",
    sections: [
      longText("goal", "Goal", "What this brief should achieve and why."),
      longText("userPersonaContext", "User and persona context", "Who it is for and the situation they are in."),
      longText("scope", "Scope", "What is included."),
      longText("outOfScope", "Out of scope", "What is explicitly not included."),
    ],
  },
  {
    id: "requirements",
    title: "Requirements",
    sections: [
      textList("requirements", "Requirements", "Requirement", "One requirement per row."),
      textList("edgeCases", "Edge cases", "Edge case", "Unusual inputs and situations to handle."),
      {
        key: "acceptanceCriteria",
        label: "Acceptance criteria",
        itemLabel: "Criterion",
        kind: "criteria",
        hint: "Each with a stable id. Switch off “Needs implementation” to give manual evidence instead.",
      },
      textList("rolesPermissions", "Roles and permissions", "Role or permission", "Who may do what."),
      textList("states", "States", "State", "States the feature can be in."),
    ],
  },
  {
    id: "solution",
    title: "Solution",
    sections: [
      longText("productSolution", "Product solution", "How the product solves it."),
      longText("technicalSolution", "Technical solution", "How it will be built."),
      longText("dataModelImplications", "Data model implications", "Tables, fields and migrations affected."),
      longText("architectureAssumptions", "Architecture assumptions", "What the solution takes for granted."),
      longText("design", "Design", "Design notes and links."),
    ],
  },
  {
    id: "testing",
    title: "Testing",
    sections: [
      {
        key: "testingQaChecklist",
        label: "QA checklist",
        itemLabel: "Checklist row",
        kind: "checklist",
        hint: "Rows QA ticks off. Ticking happens in the QA checklist panel; here you add, edit, reorder and remove rows.",
      },
      textList("testPlanUnit", "Unit test plan", "Unit test", "What unit tests cover."),
      textList("testPlanIntegration", "Integration test plan", "Integration test", "What integration tests cover."),
      textList("testPlanUiUx", "UI/UX test plan", "UI/UX test", "What UI and UX tests cover."),
      {
        key: "requiredEvidence",
        label: "Required evidence",
        itemLabel: "Evidence",
        kind: "criteria",
        hint: "Evidence that must exist before the brief counts as done.",
      },
    ],
  },
  {
    id: "delivery",
    title: "Delivery",
    sections: [
      textList("openQuestions", "Open questions", "Question", "What is still undecided."),
      {
        key: "generatedTickets",
        label: "Generated tickets",
        itemLabel: "Ticket",
        kind: "tickets",
        hint: "Ordered implementation work; bind each ticket to the acceptance criteria it implements.",
      },
      { key: "decisions", label: "Decisions", itemLabel: "Decision", kind: "decisions", hint: "What was decided, where it came from, and whether it was stated or inferred." },
      {
        key: "sourceArtifactLinks",
        label: "Source artifacts",
        itemLabel: "Artifact",
        kind: "links",
        hint: "Documents, tickets and files this brief was written from.",
      },
    ],
  },
];

const sectionDefs: SectionDef[] = sectionGroups.flatMap((group) => group.sections);

/** Spec order, used where new sections are appended to a document. */
export const sectionKeys: SectionKey[] = [
  "goal",
  "userPersonaContext",
  "scope",
  "outOfScope",
  "requirements",
  "edgeCases",
  "acceptanceCriteria",
  "rolesPermissions",
  "states",
  "productSolution",
  "technicalSolution",
  "dataModelImplications",
  "architectureAssumptions",
  "design",
  "testingQaChecklist",
  "testPlanUnit",
  "testPlanIntegration",
  "testPlanUiUx",
  "openQuestions",
  "generatedTickets",
  "requiredEvidence",
  "decisions",
  "sourceArtifactLinks",
];

const byKey = new Map(sectionDefs.map((def) => [def.key, def]));

export function sectionDef(key: SectionKey): SectionDef {
  return byKey.get(key)!;
}

export function isSectionKey(key: string): key is SectionKey {
  return byKey.has(key as SectionKey);
}

/** The read-only mirror of testingQaChecklist that every returned content carries (docs/contract.md#checklist-mirror). */
export const CHECKLIST_MIRROR_KEY = "checklist";

export function sectionLabel(key: string): string {
  if (isSectionKey(key)) return sectionDef(key).label;
  if (key === "_draft") return "Draft data (_draft)";
  return key;
}
