/**
 * The content sections of two kinds, as the table in docs/contract.md#content-sections lists them:
 * the schema's tests hold each to its bounds, and the benchmarks fill each to them. Written out
 * rather than read from the schema, so that a test of the schema has something to compare it with.
 */

/** Strings of at most 4,000 characters. */
export const longTextSections = [
  "goal",
  "userPersonaContext",
  "scope",
  "outOfScope",
  "productSolution",
  "technicalSolution",
  "dataModelImplications",
  "architectureAssumptions",
  "design",
] as const;

/** Lists of at most 50 strings, each of 1 to 1,000 characters. */
export const textListSections = [
  "requirements",
  "edgeCases",
  "rolesPermissions",
  "states",
  "testPlanUnit",
  "testPlanIntegration",
  "testPlanUiUx",
  "openQuestions",
] as const;
