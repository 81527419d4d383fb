/** The shape each content key holds, which decides how its Markdown is written and read. */
import type { ContentSectionKey } from "@/lib/briefs/section-titles";

export type SectionKind = "text" | "list" | "criteria" | "checklist" | "tickets" | "decisions" | "links" | "other";

const kinds: Record<ContentSectionKey, SectionKind> = {
  goal: "text",
  userPersonaContext: "text",
  scope: "text",
  outOfScope: "text",
  requirements: "list",
  edgeCases: "list",
  acceptanceCriteria: "criteria",
  rolesPermissions: "list",
  states: "list",
  productSolution: "text",
  technicalSolution: "text",
  dataModelImplications: "text",
  architectureAssumptions: "text",
  design: "text",
  testingQaChecklist: "checklist",
  testPlanUnit: "list",
  testPlanIntegration: "list",
  testPlanUiUx: "list",
  openQuestions: "list",
  generatedTickets: "tickets",
  requiredEvidence: "criteria",
  decisions: "decisions",
  sourceArtifactLinks: "links",
};

export function sectionKind(key: string): SectionKind {
  return Object.hasOwn(kinds, key) ? kinds[key as ContentSectionKey] : "other";
}
