/**
 * Which spec format a Markdown file is written in, told by its structure alone (the file's name is
 * not trusted). Conservative: a product requirements document with a "Requirements" section and
 * numbered requirements is not enough; each format must show the shape only its tool writes.
 */
import { headingKey, parseOutline, type OutlineSection } from "./markdown-outline";

export type SpecFormat = "kiro" | "spec-kit" | "openspec";

export function detectSpecFormat(markdown: string): SpecFormat | null {
  const outline = parseOutline(markdown);
  const sections = flatten(outline.sections);
  if (isOpenSpec(sections)) return "openspec";
  if (isKiro(sections, outline.source)) return "kiro";
  if (isSpecKit(sections)) return "spec-kit";
  return null;
}

function flatten(sections: readonly OutlineSection[]): OutlineSection[] {
  return sections.flatMap((section) => [section, ...flatten(section.children)]);
}

const named = (section: OutlineSection, depth: number, name: string) => section.heading.depth === depth && headingKey(section.heading.text) === name;

/** `## Requirements` holding `### Requirement: <name>` blocks, with a purpose or a scenario. */
function isOpenSpec(sections: readonly OutlineSection[]): boolean {
  const requirements = sections
    .filter((section) => named(section, 2, "requirements"))
    .flatMap((section) => section.children.filter((child) => child.heading.depth === 3 && /^Requirement:\s*\S/i.test(child.heading.text)));
  if (requirements.length === 0) return false;
  const hasScenario = requirements.some((requirement) => requirement.children.some((child) => /^Scenario:/i.test(child.heading.text)));
  return hasScenario || sections.some((section) => named(section, 2, "purpose"));
}

/** `### Requirement N` blocks with a user story or EARS acceptance criteria. */
function isKiro(sections: readonly OutlineSection[], source: string): boolean {
  return sections.some((section) => {
    if (section.heading.depth !== 3 || !/^Requirement\s+\d+\b/i.test(section.heading.text)) return false;
    const story = section.body.some((block) => /^\*\*User Story:?\*\*/i.test(source.slice(block.start, block.end)));
    // A numbered list of EARS statements ("WHEN … THEN the system SHALL …").
    const ears = section.children.some(
      (child) =>
        headingKey(child.heading.text) === "acceptance criteria" &&
        child.body.some((block) => block.node.type === "list" && block.node.ordered === true && /\bSHALL\b/.test(source.slice(block.start, block.end))),
    );
    return story || ears;
  });
}

/** Spec Kit's title line, or its user-scenarios section beside its requirements or success criteria. */
function isSpecKit(sections: readonly OutlineSection[]): boolean {
  if (sections.some((section) => section.heading.depth === 1 && /^Feature Specification\s*:/i.test(section.heading.text))) return true;
  const scenarios = sections.some((section) => named(section, 2, "user scenarios & testing"));
  const functional = sections.some((section) => named(section, 3, "functional requirements"));
  const outcomes = sections.some((section) => named(section, 2, "success criteria"));
  return scenarios && (functional || outcomes);
}
