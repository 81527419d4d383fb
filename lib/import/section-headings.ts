/**
 * Which content key a heading names (docs/import.md#headings). A known section answers to its own
 * title and to the names other documents commonly give it, compared without case, punctuation or
 * numbering; a heading written as a JSON string names exactly that key; any other heading names a
 * key of its own, spelt as the heading is. The Markdown export writes headings this function reads
 * back to the same key, so the two stay one format.
 */
import { sectionTitles, type ContentSectionKey } from "@/lib/briefs/section-titles";

const synonyms: Record<ContentSectionKey, string[]> = {
  goal: ["goal", "goals", "objective", "objectives", "problem", "problem statement", "the problem", "purpose"],
  userPersonaContext: ["users", "personas", "user personas", "target users", "audience"],
  scope: ["in scope"],
  outOfScope: ["non goals", "nongoals", "not in scope"],
  requirements: ["functional requirements"],
  edgeCases: [],
  acceptanceCriteria: ["success criteria", "acceptance"],
  rolesPermissions: ["permissions", "roles"],
  states: [],
  productSolution: ["solution", "proposed solution", "proposal"],
  technicalSolution: ["technical design", "technical approach", "implementation"],
  dataModelImplications: ["data model"],
  architectureAssumptions: ["assumptions"],
  design: ["ux", "ui", "ux design", "designs"],
  testingQaChecklist: ["qa", "checklist", "test checklist", "testing checklist", "testing qa checklist"],
  testPlanUnit: ["unit tests"],
  testPlanIntegration: ["integration tests"],
  testPlanUiUx: ["ui tests", "ui ux tests"],
  openQuestions: ["questions"],
  generatedTickets: ["tickets", "tasks"],
  requiredEvidence: ["evidence"],
  decisions: ["decision log"],
  sourceArtifactLinks: ["sources", "references", "links"],
};

const byName = new Map<string, ContentSectionKey>();
for (const [key, names] of Object.entries(synonyms) as [ContentSectionKey, string[]][]) {
  for (const name of [sectionTitles[key], ...names]) byName.set(normalizeHeading(name), key);
}

/** Lower case, no Markdown emphasis, numbering, "(mandatory)"-style notes or punctuation. */
export function normalizeHeading(heading: string): string {
  return heading
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\((?:mandatory|optional|required)\)/g, " ")
    .replace(/^\s*(?:\d+(?:\.\d+)*[.)]?|[a-z][.)])\s+/, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The known section a heading names, or null. */
export function sectionForHeading(heading: string): ContentSectionKey | null {
  return byName.get(normalizeHeading(heading)) ?? null;
}

/** The content key a heading names: a known section, a quoted key, or the heading itself. */
export function keyForHeading(heading: string): string {
  const quoted = quotedKey(heading);
  if (quoted !== null) return quoted;
  return sectionForHeading(heading) ?? heading;
}

function quotedKey(heading: string): string | null {
  if (!/^".*"$/.test(heading)) return null;
  try {
    const value: unknown = JSON.parse(heading);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
