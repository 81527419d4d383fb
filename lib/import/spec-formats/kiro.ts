/**
 * Kiro's `requirements.md`: an introduction, then numbered requirements, each a user story with
 * EARS acceptance criteria. Mapping (docs/spec-formats.md#kiro):
 *
 * - `## Introduction` ↔ goal.
 * - `### Requirement N` ↔ one requirements row `RN: <user story>` (more paragraphs follow it, one
 *   blank line apart; a heading's own title is kept as `RN: **<title>** — <user story>`).
 * - its numbered `#### Acceptance Criteria` ↔ acceptance criteria `RN.<item number>`.
 * - Anything else: a contract section named by its heading, or text kept under the heading's name.
 */
import type { AcceptanceCriterion, BriefContent } from "@/lib/briefs/schema";
import type { ImportedBrief } from "../import-report";
import { extraSections } from "./contract-sections";
import { blocksText, documentParts, FRONT_MATTER_KEY, frontMatter, joinBlocks, leadText } from "./document-parts";
import { ImportedBriefBuilder } from "./imported-brief-builder";
import { isList, listItems, numberedList } from "./markdown-list-items";
import { headingKey, parseOutline, sectionText, type Block, type OutlineSection } from "./markdown-outline";

const DOCUMENT_TITLE = "Requirements Document";
const TITLE_HEADING = /^Requirements Document(?:\s*[:\-–—]\s*(.+))?$/i;
const REQUIREMENT_HEADING = /^Requirement\s+(\d+)\s*(?:[:.\-–—]\s*(.*))?$/i;
const USER_STORY = /^\*\*User Story:?\*\*:?\s*/i;
/** A requirements row as this reader writes it: `R3: …`, with an optional bold title. */
const ROW = /^R(\d+):(?:[ \t]+([\s\S]*))?$/;
const TITLED = /^\*\*([^*\n]+)\*\*(?: — ([\s\S]*))?$/;
const CRITERION_ID = /^R(\d+)\.(\d+)$/;

export function readKiro(markdown: string): ImportedBrief {
  const outline = parseOutline(markdown);
  const { source } = outline;
  const parts = documentParts(outline);
  const brief = new ImportedBriefBuilder(source);
  brief.keepText(FRONT_MATTER_KEY, parts.frontMatter ? source.slice(parts.frontMatter.start, parts.frontMatter.end) : "");
  // A number written twice would tie two requirements' criteria together; the second one takes
  // the lowest number no requirement uses, as the writer numbers rows that have none.
  const written = new Set(allSections(outline.sections).flatMap((s) => REQUIREMENT_HEADING.exec(s.heading.text)?.[1] ?? []).map(Number));
  const numbers = new Set<number>();

  let title: string | null = null;
  if (parts.title) {
    const match = TITLE_HEADING.exec(parts.title.heading.text);
    // Kiro names the file, not the product; a heading other than its own is the feature's name.
    title = match ? (match[1]?.trim() ?? null) : parts.title.heading.text;
    brief.place(parts.title.heading, "title", "title");
  }
  brief.keepText(parts.title?.heading.text ?? DOCUMENT_TITLE, leadText(outline, parts));

  for (const section of parts.sections) {
    const name = headingKey(section.heading.text);
    if (name === "introduction" && !brief.has("goal")) {
      brief.readGoal(section, sectionText(source, section));
    } else if (name === "requirements" && section.heading.depth === 2) {
      brief.readRequirementsSection(section, (heading) => REQUIREMENT_HEADING.test(heading), readRequirement);
    } else if (REQUIREMENT_HEADING.test(section.heading.text)) {
      // Some hands put the requirements one level up, without a "Requirements" heading.
      readRequirement(section);
    } else {
      brief.readOther(section);
    }
  }
  return brief.build(title, "kiro");

  function readRequirement(section: OutlineSection): void {
    const [, digits, heading] = REQUIREMENT_HEADING.exec(section.heading.text) ?? [];
    let number = Number(digits);
    for (let free = 1; numbers.has(number); free += 1) if (!written.has(free) && !numbers.has(free)) number = free;
    numbers.add(number);
    brief.place(section.heading, "requirements", "section");
    brief.append("requirements", [rowText(number, heading?.trim(), section.body)]);
    for (const child of section.children) {
      if (headingKey(child.heading.text) !== "acceptance criteria") {
        brief.readOther(child);
        continue;
      }
      brief.place(child.heading, "acceptanceCriteria", "section");
      // Kiro numbers the criteria; a hand-written file may lead in with a sentence or use bullets.
      const at = child.body.findIndex((block) => isList(block));
      const list = child.body[at];
      if (isList(list)) {
        const criteria: AcceptanceCriterion[] = listItems(source, list.node).map((item, index) => ({
          id: `R${number}.${item.number ?? index + 1}`,
          text: item.text,
        }));
        brief.append("acceptanceCriteria", criteria.filter((criterion) => criterion.text !== ""));
      }
      const leftover = child.body.filter((_, index) => index !== at);
      brief.keepText(`Requirement ${number} ${child.heading.text}`, blocksText(source, leftover));
      for (const deeper of child.children) brief.readOther(deeper);
    }
  }

  function rowText(number: number, heading: string | undefined, body: Block[]): string {
    const raw = (block: Block) => source.slice(block.start, block.end).trim();
    const story = body.findIndex((block) => USER_STORY.test(raw(block)));
    // The user story leads the row wherever the file put it.
    const text = (story > 0 ? [body[story], ...body.filter((_, index) => index !== story)].map(raw).join("\n\n") : blocksText(source, body)).replace(
      story >= 0 ? USER_STORY : /^$/,
      "",
    );
    const titled = heading ? `**${heading}**${text === "" ? "" : " — "}` : "";
    return `R${number}: ${titled}${text}`.trim();
  }
}

export function writeKiro(_title: string, content: BriefContent): string {
  // Kiro keeps the feature's name in the folder (.kiro/specs/<name>/), not in the file.
  const blocks = [`# ${DOCUMENT_TITLE}`, "## Introduction"];
  if (content.goal?.trim()) blocks.push(content.goal.trim());
  blocks.push("## Requirements");

  const rows = numberRows(content.requirements ?? []);
  const criteria = content.acceptanceCriteria ?? [];
  const placed = new Set<AcceptanceCriterion>();
  for (const row of rows) {
    blocks.push(`### Requirement ${row.number}${row.heading ? `: ${row.heading}` : ""}`);
    const [story, ...more] = row.text.split("\n\n");
    // Only prose can follow the label; a row that opens with a list or code is written as it is.
    if (story) blocks.push(isParagraph(story) ? `**User Story:** ${story}` : story, ...more);
    const own = criteria.flatMap((criterion) => {
      const match = CRITERION_ID.exec(criterion.id);
      if (!match || Number(match[1]) !== row.number || placed.has(criterion)) return [];
      placed.add(criterion);
      return [{ number: Number(match[2]), text: criterion.text }];
    });
    if (own.length > 0) blocks.push("#### Acceptance Criteria", numberedList(own));
  }

  const rest = { ...content, acceptanceCriteria: criteria.filter((criterion) => !placed.has(criterion)) };
  blocks.push(...extraSections(rest, new Set(["goal", "requirements"])));
  return joinBlocks([...frontMatter(content), ...blocks]);
}

type NumberedRow = { number: number; heading: string | null; text: string };

/** Rows keep their `RN:` number; the others take the lowest numbers still free, in order. */
function isParagraph(text: string): boolean {
  const outline = parseOutline(text);
  return outline.sections.length === 0 && outline.preamble.length === 1 && outline.preamble[0].node.type === "paragraph";
}

function allSections(sections: readonly OutlineSection[]): OutlineSection[] {
  return sections.flatMap((section) => [section, ...allSections(section.children)]);
}

function numberRows(requirements: readonly string[]): NumberedRow[] {
  const taken = new Set<number>();
  const parsed = requirements.map((requirement) => {
    const match = ROW.exec(requirement);
    const number = match ? Number(match[1]) : null;
    if (number === null || number < 1 || taken.has(number)) return { number: null, text: requirement };
    taken.add(number);
    return { number, text: match?.[2] ?? "" };
  });
  let next = 1;
  return parsed.map(({ number, text }) => {
    let assigned = number;
    if (assigned === null) {
      while (taken.has(next)) next += 1;
      assigned = next;
      taken.add(next);
    }
    const titled = number === null ? null : TITLED.exec(text);
    return titled ? { number: assigned, heading: titled[1], text: titled[2] ?? "" } : { number: assigned, heading: null, text };
  });
}
