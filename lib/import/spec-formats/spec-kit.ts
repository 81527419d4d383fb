/**
 * Spec Kit's `spec.md`: prioritized user stories with Given/When/Then acceptance scenarios,
 * numbered functional requirements, key entities and measurable success criteria. Mapping
 * (docs/spec-formats.md#spec-kit):
 *
 * - The lines under the title (Feature Branch, Created, Status, Input) ↔ a key of their own,
 *   "Feature Specification", written back under the title.
 * - `## User Scenarios & Testing` ↔ userPersonaContext: the user stories as written, except their
 *   acceptance scenarios, which ↔ acceptance criteria `US<story>.AS<number>`.
 * - `### Edge Cases` ↔ edgeCases; `### Functional Requirements` ↔ requirements (`FR-001: …`);
 *   `### Key Entities` ↔ dataModelImplications; `### Measurable Outcomes` ↔ the other acceptance
 *   criteria (`SC-001`); `## Assumptions` ↔ architectureAssumptions.
 * - Each `[NEEDS CLARIFICATION: …]` ↔ an open question (the marker also stays where it is).
 */
import type { AcceptanceCriterion, BriefContent } from "@/lib/briefs/schema";
import type { ImportedBrief } from "../import-report";
import { extraSections, isCriterionId } from "./contract-sections";
import { blocksText, documentParts, FRONT_MATTER_KEY, frontMatter, joinBlocks, leadText } from "./document-parts";
import { ImportedBriefBuilder } from "./imported-brief-builder";
import { bulletList, isList, listItems, numberedList } from "./markdown-list-items";
import { headingKey, parseOutline, sectionText, type Block, type OutlineSection } from "./markdown-outline";

const TITLE_HEADING = /^Feature Specification(?:\s*:\s*(.+))?$/i;
/** The key the metadata lines under the title are kept under, and written back from. */
export const SPEC_KIT_METADATA_KEY = "Feature Specification";
const STORY_HEADING = /^User Story\s+(\d+)\b/i;
const SCENARIOS_LABEL = /^\*\*Acceptance Scenarios:?\*\*:?$/i;
const BOLD_ID = /^\*\*([^*\n]+)\*\*:?(?:[ \t]+([\s\S]*))?$/;
/** Requirement rows whose id Spec Kit writes in bold: `FR-001: …` → `- **FR-001**: …`. */
const ROW_ID = /^([A-Z][A-Z0-9]*-[0-9][A-Za-z0-9.-]*): ([\s\S]*)$/;
const SCENARIO_ID = /^US(\d+)\.AS(\d+)$/;
const CLARIFICATION = /\[NEEDS CLARIFICATION:\s*([^\]\n]+?)\s*\]/g;

export function readSpecKit(markdown: string): ImportedBrief {
  const outline = parseOutline(markdown);
  const { source } = outline;
  const parts = documentParts(outline);
  const brief = new ImportedBriefBuilder(source);
  brief.keepText(FRONT_MATTER_KEY, parts.frontMatter ? source.slice(parts.frontMatter.start, parts.frontMatter.end) : "");

  let title: string | null = null;
  if (parts.title) {
    const match = TITLE_HEADING.exec(parts.title.heading.text);
    title = match ? (match[1]?.trim() ?? null) : parts.title.heading.text;
    brief.place(parts.title.heading, "title", "title");
  }
  brief.keepText(SPEC_KIT_METADATA_KEY, leadText(outline, parts));

  for (const section of parts.sections) {
    const name = headingKey(section.heading.text);
    if (name === "user scenarios & testing" && !brief.has("userPersonaContext")) readScenarios(section);
    else if (name === "requirements" && section.heading.depth === 2) readRequirements(section);
    else if (name === "success criteria" && section.heading.depth === 2) readSuccessCriteria(section);
    else if (name === "assumptions" && !brief.has("architectureAssumptions")) {
      brief.set("architectureAssumptions", sectionText(source, section));
      brief.place(section.heading, "architectureAssumptions", "section");
      brief.placeInside(section, "architectureAssumptions");
    } else brief.readOther(section);
  }
  const marked = clarifications(source);
  const listed = (brief.get("openQuestions") as string[] | undefined) ?? [];
  brief.set("openQuestions", [...marked, ...listed.filter((question) => !marked.includes(question))]);
  return brief.build(title, "spec-kit");

  function readScenarios(section: OutlineSection): void {
    brief.place(section.heading, "userPersonaContext", "section");
    const pieces = [blocksText(source, section.body)];
    for (const child of section.children) {
      const name = headingKey(child.heading.text);
      if (name === "edge cases" && !brief.has("edgeCases")) {
        readEdgeCases(child);
        continue;
      }
      const story = STORY_HEADING.exec(child.heading.text);
      brief.place(child.heading, "userPersonaContext", story ? "section" : "inside");
      brief.placeInside(child, "userPersonaContext");
      const body = story ? withoutScenarios(child.body, `US${story[1]}`) : child.body;
      pieces.push(source.slice(child.heading.start, child.heading.end).trim(), blocksText(source, body));
      for (const deeper of child.children) pieces.push(headingAndText(deeper));
    }
    brief.set("userPersonaContext", pieces.filter((piece) => piece !== "").join("\n\n"));
  }

  function headingAndText(section: OutlineSection): string {
    const text = sectionText(source, section);
    const heading = source.slice(section.heading.start, section.heading.end).trim();
    return text === "" ? heading : `${heading}\n\n${text}`;
  }

  /** A story's blocks without its acceptance scenarios, which become criteria. */
  function withoutScenarios(body: Block[], story: string): Block[] {
    const kept: Block[] = [];
    for (let i = 0; i < body.length; i += 1) {
      const label = body[i];
      const list = body[i + 1];
      const isLabel = label.node.type === "paragraph" && SCENARIOS_LABEL.test(source.slice(label.start, label.end).trim());
      if (isLabel && isList(list)) {
        const criteria = listItems(source, list.node).map((item, index) => ({
          id: `${story}.AS${item.number ?? index + 1}`,
          text: item.text,
        }));
        brief.append("acceptanceCriteria", criteria);
        i += 1;
      } else kept.push(label);
    }
    return kept;
  }

  function readEdgeCases(section: OutlineSection): void {
    const [list, ...others] = section.body;
    if (!isList(list) || others.length > 0 || section.children.length > 0) {
      brief.readOther(section);
      return;
    }
    brief.set("edgeCases", listItems(source, list.node).map((item) => item.text).filter((text) => text !== ""));
    brief.place(section.heading, "edgeCases", "section");
  }

  function readRequirements(section: OutlineSection): void {
    brief.place(section.heading, "requirements", "section");
    brief.keepText(section.heading.text, blocksText(source, section.body));
    for (const child of section.children) {
      const name = headingKey(child.heading.text);
      if (name === "functional requirements") {
        brief.place(child.heading, "requirements", "section");
        const rest = readFirstList(child, (text) => {
          const bold = BOLD_ID.exec(text);
          return bold && isCriterionId(bold[1]) ? `${bold[1]}:${bold[2] ? ` ${bold[2]}` : ""}` : text;
        });
        brief.append("requirements", rest.items);
        brief.keepText(child.heading.text, blocksText(source, rest.others));
        for (const deeper of child.children) brief.readOther(deeper);
      } else if (name === "key entities" && !brief.has("dataModelImplications")) {
        brief.set("dataModelImplications", sectionText(source, child));
        brief.place(child.heading, "dataModelImplications", "section");
        brief.placeInside(child, "dataModelImplications");
      } else brief.readOther(child);
    }
  }

  function readSuccessCriteria(section: OutlineSection): void {
    brief.place(section.heading, "acceptanceCriteria", "section");
    brief.keepText(section.heading.text, blocksText(source, section.body));
    for (const child of section.children) {
      if (headingKey(child.heading.text) !== "measurable outcomes") {
        brief.readOther(child);
        continue;
      }
      brief.place(child.heading, "acceptanceCriteria", "section");
      const rest = readFirstList(child, (text) => text);
      const outcomes: AcceptanceCriterion[] = [];
      rest.items.forEach((text, index) => {
        const bold = BOLD_ID.exec(text);
        const id = bold && isCriterionId(bold[1]) ? bold[1] : `SC-${String(index + 1).padStart(3, "0")}`;
        const criterion = { id, text: bold && isCriterionId(bold[1]) ? (bold[2] ?? "") : text };
        if (criterion.text !== "") outcomes.push(criterion);
      });
      brief.append("acceptanceCriteria", outcomes);
      brief.keepText(child.heading.text, blocksText(source, rest.others));
      for (const deeper of child.children) brief.readOther(deeper);
    }
  }

  /** The items of a section's first list, each mapped, and the blocks that are not that list. */
  function readFirstList(section: OutlineSection, map: (text: string) => string): { items: string[]; others: Block[] } {
    const index = section.body.findIndex((block) => isList(block));
    const list = section.body[index];
    if (!isList(list)) return { items: [], others: section.body };
    const items = listItems(source, list.node)
      .map((item) => map(item.text))
      .filter((text) => text !== "");
    return { items, others: section.body.filter((_, i) => i !== index) };
  }
}

/** The questions `[NEEDS CLARIFICATION: …]` markers ask, in order, each once. */
function clarifications(text: string): string[] {
  return [...new Set([...text.matchAll(CLARIFICATION)].map((match) => match[1]))];
}

export function writeSpecKit(title: string, content: BriefContent): string {
  const criteria = content.acceptanceCriteria ?? [];
  const placed = new Set<AcceptanceCriterion>();
  const blocks = [`# Feature Specification: ${title.replace(/\s+/g, " ").trim()}`];
  const metadata = content[SPEC_KIT_METADATA_KEY];
  if (typeof metadata === "string" && metadata.trim() !== "") blocks.push(metadata.trim());

  blocks.push("## User Scenarios & Testing *(mandatory)*");
  const context = content.userPersonaContext?.replace(/\r\n?/g, "\n").trim();
  if (context) blocks.push(storiesWithScenarios(context, criteria, placed));
  if (content.edgeCases?.length) blocks.push("### Edge Cases", bulletList(content.edgeCases));

  blocks.push("## Requirements *(mandatory)*");
  if (content.requirements?.length) {
    blocks.push("### Functional Requirements", bulletList(content.requirements.map((row) => row.replace(ROW_ID, "**$1**: $2"))));
  }
  if (content.dataModelImplications?.trim()) blocks.push("### Key Entities", content.dataModelImplications.trim());

  blocks.push("## Success Criteria *(mandatory)*");
  const outcomes = criteria.filter((criterion) => !placed.has(criterion));
  if (outcomes.length > 0) blocks.push("### Measurable Outcomes", bulletList(outcomes.map((criterion) => `**${criterion.id}**: ${criterion.text}`)));
  if (content.architectureAssumptions?.trim()) blocks.push("## Assumptions", content.architectureAssumptions.trim());

  const held = new Set([
    "userPersonaContext",
    "edgeCases",
    "requirements",
    "dataModelImplications",
    "acceptanceCriteria",
    "architectureAssumptions",
    SPEC_KIT_METADATA_KEY,
  ]);
  const withoutQuestions = [...blocks, ...extraSections({ ...content, openQuestions: undefined }, held)];
  // A question already asked by a marker in the text would come back twice; only the rest are listed.
  const marked = clarifications(withoutQuestions.join("\n\n"));
  const unmarked = (content.openQuestions ?? []).filter((question) => !marked.includes(question));
  return joinBlocks([...frontMatter(content), ...blocks, ...extraSections({ ...content, openQuestions: unmarked }, held)]);
}

/**
 * The user stories text with each story's acceptance scenarios put back where the reader took them
 * from: after the story's own text, before a closing `---` and before any deeper heading. The rest
 * of the text is left exactly as it is. Criteria of stories the text does not have stay unplaced.
 */
function storiesWithScenarios(text: string, criteria: readonly AcceptanceCriterion[], placed: Set<AcceptanceCriterion>): string {
  const insertions: { at: number; scenarios: string }[] = [];
  for (const section of parseOutline(text).sections) {
    const story = STORY_HEADING.exec(section.heading.text)?.[1];
    if (story === undefined) continue;
    const own = criteria.flatMap((criterion) => {
      const match = SCENARIO_ID.exec(criterion.id);
      if (!match || match[1] !== story || placed.has(criterion)) return [];
      placed.add(criterion);
      return [{ number: Number(match[2]), text: criterion.text }];
    });
    if (own.length === 0) continue;
    const body = section.body.at(-1)?.node.type === "thematicBreak" ? section.body.slice(0, -1) : section.body;
    insertions.push({ at: body.at(-1)?.end ?? section.heading.end, scenarios: `**Acceptance Scenarios**:\n\n${numberedList(own)}` });
  }
  let written = text;
  for (const { at, scenarios } of insertions.reverse()) written = `${written.slice(0, at)}\n\n${scenarios}${written.slice(at)}`;
  return written;
}
