/**
 * The known content sections in the contract's order (docs/contract.md#content-sections), with the heading each
 * one has wherever a brief is shown or exported: the editor, read mode, the Markdown export and the chat view.
 */
export const sectionTitles = {
  goal: "Goal",
  userPersonaContext: "User and persona context",
  scope: "Scope",
  outOfScope: "Out of scope",
  requirements: "Requirements",
  edgeCases: "Edge cases",
  acceptanceCriteria: "Acceptance criteria",
  rolesPermissions: "Roles and permissions",
  states: "States",
  productSolution: "Product solution",
  technicalSolution: "Technical solution",
  dataModelImplications: "Data model implications",
  architectureAssumptions: "Architecture assumptions",
  design: "Design",
  testingQaChecklist: "QA checklist",
  testPlanUnit: "Unit test plan",
  testPlanIntegration: "Integration test plan",
  testPlanUiUx: "UI/UX test plan",
  openQuestions: "Open questions",
  generatedTickets: "Generated tickets",
  requiredEvidence: "Required evidence",
  decisions: "Decisions",
  sourceArtifactLinks: "Source artifacts",
} as const;

export type ContentSectionKey = keyof typeof sectionTitles;

/** Contract order. */
export const contentSectionKeys = Object.keys(sectionTitles) as ContentSectionKey[];

/** Keys that are content but not sections: the read-only checklist mirror and the editor's draft. */
export const nonSectionKeys: ReadonlySet<string> = new Set(["checklist", "_draft"]);
