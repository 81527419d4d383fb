import { contentSectionKeys, sectionTitles } from "@/lib/briefs/section-titles";

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

/** A section labelled with its contract title. */
const section = (kind: SectionKind, key: SectionKey, itemLabel: string, hint: string): SectionDef => ({ key, label: sectionTitles[key], itemLabel, kind, hint });
const longText = (key: LongTextKey, hint: string): SectionDef => section("longText", key, sectionTitles[key], hint);
const textList = (key: TextListKey, itemLabel: string, hint: string): SectionDef => section("textList", key, itemLabel, hint);

export const sectionGroups: SectionGroup[] = [
  {
    id: "overview",
    title: "Overview",
    sections: [
      longText("goal", "What this brief should achieve and why."),
      longText("userPersonaContext", "Who it is for and the situation they are in."),
      longText("scope", "What is included."),
      longText("outOfScope", "What is explicitly not included."),
    ],
  },
  {
    id: "requirements",
    title: "Requirements",
    sections: [
      textList("requirements", "Requirement", "One requirement per row."),
      textList("edgeCases", "Edge case", "Unusual inputs and situations to handle."),
      section("criteria", "acceptanceCriteria", "Criterion", "Each with a stable id. Switch off “Needs implementation” to give manual evidence instead."),
      textList("rolesPermissions", "Role or permission", "Who may do what."),
      textList("states", "State", "States the feature can be in."),
    ],
  },
  {
    id: "solution",
    title: "Solution",
    sections: [
      longText("productSolution", "How the product solves it."),
      longText("technicalSolution", "How it will be built."),
      longText("dataModelImplications", "Tables, fields and migrations affected."),
      longText("architectureAssumptions", "What the solution takes for granted."),
      longText("design", "Design notes and links."),
    ],
  },
  {
    id: "testing",
    title: "Testing",
    sections: [
      section("checklist", "testingQaChecklist", "Checklist row", "Rows QA ticks off. Ticking happens in the QA checklist panel; here you add, edit, reorder and remove rows."),
      textList("testPlanUnit", "Unit test", "What unit tests cover."),
      textList("testPlanIntegration", "Integration test", "What integration tests cover."),
      textList("testPlanUiUx", "UI/UX test", "What UI and UX tests cover."),
      section("criteria", "requiredEvidence", "Evidence", "Evidence that must exist before the brief counts as done."),
    ],
  },
  {
    id: "delivery",
    title: "Delivery",
    sections: [
      textList("openQuestions", "Question", "What is still undecided."),
      section("tickets", "generatedTickets", "Ticket", "Ordered implementation work; bind each ticket to the acceptance criteria it implements."),
      section("decisions", "decisions", "Decision", "What was decided, where it came from, and whether it was stated or inferred."),
      section("links", "sourceArtifactLinks", "Artifact", "Documents, tickets and files this brief was written from."),
    ],
  },
];

const sectionDefs: SectionDef[] = sectionGroups.flatMap((group) => group.sections);

/** Spec order, used where new sections are appended to a document. */
export const sectionKeys: SectionKey[] = contentSectionKeys;

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
