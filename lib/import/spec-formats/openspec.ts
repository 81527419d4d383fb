/**
 * OpenSpec's `spec.md` for one capability: a purpose, then named requirements, each a SHALL/MUST
 * statement proven by WHEN/THEN scenarios. Mapping (docs/spec-formats.md#openspec):
 *
 * - `# <capability> Specification` ↔ the title; `## Purpose` ↔ goal.
 * - `### Requirement: <name>` with its statement ↔ a requirements row `<name>: <statement>`.
 * - Each `#### Scenario: <name>` ↔ an acceptance criterion: id `<requirement>.<scenario>` (both as
 *   lowercase slugs), text the scenario's name, then its WHEN/THEN lines as written.
 *
 * What OpenSpec's validator insists on, the writer supplies: a Purpose (its own `TBD` placeholder
 * when the brief has no goal), SHALL in every statement (a statement without SHALL or MUST is
 * written as "The system SHALL meet this requirement: …"), and a scenario under every requirement
 * (one restating the requirement when the brief ties no criterion to it). The reader undoes all
 * three, so nothing is added on the way back. A brief without requirements is written without any:
 * OpenSpec will say so, which is better than a made-up requirement an agent would then build.
 */
import type { AcceptanceCriterion, BriefContent } from "@/lib/briefs/schema";
import type { ImportedBrief } from "../import-report";
import { extraSections } from "./contract-sections";
import { documentParts, FRONT_MATTER_KEY, frontMatter, joinBlocks, leadText } from "./document-parts";
import { ImportedBriefBuilder } from "./imported-brief-builder";
import { headingKey, parseOutline, sectionText, sourceOf, type OutlineSection } from "./markdown-outline";

const TITLE_HEADING = /^(.+?)\s+Specification$/i;
const REQUIREMENT_HEADING = /^Requirement:\s*(.*)$/i;
const SCENARIO_HEADING = /^Scenario:\s*/i;
/** OpenSpec's own placeholder for a purpose nobody wrote yet. */
const NO_PURPOSE = "TBD";
const SHALL_PREFIX = "The system SHALL meet this requirement:";
/** A requirements row as `<name>: <statement>`; the name is one line. */
const NAMED_ROW = /^([^\n:]*[^\s:]): ([\s\S]+)$/;
const SLUG_MAX = 60;

/** A name as an id part: lowercase letters, digits and dashes (`Config Path` → `config-path`). */
export function openSpecSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

export function readOpenSpec(markdown: string): ImportedBrief {
  const outline = parseOutline(markdown);
  const { source } = outline;
  const parts = documentParts(outline);
  const brief = new ImportedBriefBuilder(source);
  brief.keepText(FRONT_MATTER_KEY, parts.frontMatter ? source.slice(parts.frontMatter.start, parts.frontMatter.end) : "");
  let requirementCount = 0;
  const names = new Set<string>();

  let title: string | null = null;
  if (parts.title) {
    title = TITLE_HEADING.exec(parts.title.heading.text)?.[1] ?? parts.title.heading.text;
    brief.place(parts.title.heading, "title", "title");
  }
  brief.keepText(parts.title?.heading.text ?? "Specification", leadText(outline, parts));

  for (const section of parts.sections) {
    const name = headingKey(section.heading.text);
    if (name === "purpose" && !brief.has("goal")) {
      const purpose = sectionText(source, section);
      brief.readGoal(section, purpose === NO_PURPOSE ? "" : purpose);
    } else if (name === "requirements" && section.heading.depth === 2) {
      brief.readRequirementsSection(section, (heading) => REQUIREMENT_HEADING.test(heading), readRequirement);
    } else brief.readOther(section);
  }
  return brief.build(title, "openspec");

  function readRequirement(section: OutlineSection): void {
    requirementCount += 1;
    const given = REQUIREMENT_HEADING.exec(section.heading.text)?.[1].trim() ?? "";
    // OpenSpec refuses a repeated name; the second is renamed as the writer would rename it.
    let name = given;
    for (let n = 2; name !== "" && names.has(name); n += 1) name = `${given} (${n})`;
    names.add(name);
    const written = sourceOf(source, section.body);
    const statement = withoutShallPrefix(written);
    brief.place(section.heading, "requirements", "section");
    // A statement that opens with the name already says it (the writer names unnamed rows so).
    const row = statement === "" ? name : statement.split("\n")[0] === given || name === "" ? statement : `${name}: ${statement}`;
    // A heading with neither name nor text says nothing a brief could hold.
    if (row !== "") brief.append("requirements", [row]);

    const requirementSlug = openSpecSlug(name) || `r${requirementCount}`;
    section.children.forEach((child, index) => {
      // OpenSpec reads every level-4 heading under a requirement as a scenario.
      const scenario = child.heading.text.replace(SCENARIO_HEADING, "").trim();
      const body = sectionText(source, child);
      brief.place(child.heading, "acceptanceCriteria", "section");
      brief.placeInside(child, "acceptanceCriteria");
      if (scenario === name && body === `- **THEN** ${written}`) return;
      const text = body === "" || body === `- **THEN** ${scenario}` ? scenario : scenario === "" ? body : `${scenario}\n${body}`;
      if (text === "") return;
      const id = `${requirementSlug}.${openSpecSlug(scenario) || `s${index + 1}`}`;
      brief.append("acceptanceCriteria", [{ id, text }]);
    });
  }
}

export function writeOpenSpec(title: string, content: BriefContent): string {
  const blocks = [`# ${title.replace(/\s+/g, " ").trim()} Specification`, "## Purpose", content.goal?.trim() || NO_PURPOSE, "## Requirements"];
  const criteria = content.acceptanceCriteria ?? [];
  const placed = new Set<AcceptanceCriterion>();
  const names = new Set<string>();

  (content.requirements ?? []).forEach((row, index) => {
    const named = NAMED_ROW.exec(row);
    // A row without a name is named by its first line, which the reader recognises.
    const [givenName, statement] = named ? [named[1].trim(), named[2]] : [row.split("\n")[0].trim() || `Requirement ${index + 1}`, row];
    // OpenSpec refuses two requirements of one name.
    let name = givenName;
    for (let n = 2; names.has(name); n += 1) name = `${givenName} (${n})`;
    names.add(name);
    const written = withShallPrefix(statement);
    blocks.push(`### Requirement: ${name}`, written);

    const prefix = `${openSpecSlug(name) || `r${index + 1}`}.`;
    const own = criteria.filter((criterion) => !placed.has(criterion) && criterion.id.startsWith(prefix));
    for (const criterion of own) {
      placed.add(criterion);
      const [scenario, ...lines] = criterion.text.split("\n");
      const body = lines.join("\n").trim();
      blocks.push(`#### Scenario: ${scenario.trim()}`, body === "" ? `- **THEN** ${scenario.trim()}` : body);
    }
    if (own.length === 0) blocks.push(`#### Scenario: ${name}`, `- **THEN** ${written}`);
  });

  const rest = { ...content, acceptanceCriteria: criteria.filter((criterion) => !placed.has(criterion)) };
  blocks.push(...extraSections(rest, new Set(["goal", "requirements"])));
  return joinBlocks([...frontMatter(content), ...blocks]);
}

/** OpenSpec wants SHALL or MUST in every requirement: a statement without either is introduced by one. */
function withShallPrefix(statement: string): string {
  if (/\b(SHALL|MUST)\b/.test(statement)) return statement;
  // After the prefix on its line, a list or code block would no longer start a line of its own.
  const prose = parseOutline(statement).preamble.every((block) => block.node.type === "paragraph");
  return prose ? `${SHALL_PREFIX} ${statement}` : `${SHALL_PREFIX}\n\n${statement}`;
}

function withoutShallPrefix(written: string): string {
  if (written.startsWith(`${SHALL_PREFIX}\n\n`)) return written.slice(SHALL_PREFIX.length + 2);
  return written.startsWith(`${SHALL_PREFIX} `) ? written.slice(SHALL_PREFIX.length + 1) : written;
}
