/**
 * A brief as one Markdown document: the download in the web editor, `brief_export`, and the
 * `brief://` resources all give this text. Section text is Markdown already,
 * so it is written as it is stored; only the structure around it (headings, list markers, metadata) is
 * ours. The format is docs/contract.md#markdown-export.
 */
import type { AcceptanceCriterion, BriefContent, BriefState, Decision, GeneratedTicket, QaChecklistItem, SourceArtifactLink } from "./schema";
import { contentSectionKeys, nonSectionKeys, sectionTitles, type ContentSectionKey } from "./section-titles";
import { briefStateLabels } from "./state-labels";

export type BriefMarkdownInput = {
  title: string;
  projectName: string;
  state: BriefState;
  versionNum: number;
  /** The content hash of this version (RFC 8785 canonical JSON, SHA-256). */
  hash: string | null;
  /** When the brief (or, for an old version, that version) was last written. */
  updatedAt: Date;
  content: BriefContent;
  /**
   * For an earlier version: the brief's version and state now. A version keeps no state of its own,
   * so its export names the brief's present state as such rather than as the version's.
   */
  latest?: { versionNum: number; state: BriefState };
};

export function briefToMarkdown(brief: BriefMarkdownInput): string {
  const blocks = [`# ${singleLine(brief.title)}`, metadata(brief)];
  for (const key of contentSectionKeys) {
    const body = sectionMarkdown(key, brief.content[key]);
    if (body) blocks.push(`## ${sectionTitles[key]}`, body);
  }
  for (const [key, value] of Object.entries(brief.content)) {
    if (key in sectionTitles || nonSectionKeys.has(key) || isEmpty(value)) continue;
    // Keys the contract does not know are kept as they were written, so an export loses nothing.
    blocks.push(`## ${singleLine(key)}`, fenced(JSON.stringify(value, null, 2), "json"));
  }
  return `${blocks.join("\n\n")}\n`;
}

/** Sections that would appear in the export, in order: read mode and outlines use the same rule. */
export function sectionsWithContent(content: BriefContent): ContentSectionKey[] {
  return contentSectionKeys.filter((key) => !isEmpty(content[key]));
}

function metadata(brief: BriefMarkdownInput): string {
  const { latest } = brief;
  const rows = [
    ["Project", singleLine(brief.projectName)],
    latest ? null : ["State", briefStateLabels[brief.state]],
    ["Version", latest ? `${brief.versionNum} (an earlier version; the brief is now at version ${latest.versionNum}, ${briefStateLabels[latest.state]})` : String(brief.versionNum)],
    ["Content hash", brief.hash ? `\`${brief.hash}\`` : "none"],
    ["Updated", brief.updatedAt.toISOString()],
  ];
  return rows.flatMap((row) => (row ? [`- **${row[0]}:** ${row[1]}`] : [])).join("\n");
}

/** One section's body as the export writes it under its heading (the chat view shows the same), or null when empty. */
export function sectionMarkdown(key: ContentSectionKey, value: unknown): string | null {
  if (isEmpty(value)) return null;
  switch (key) {
    case "acceptanceCriteria":
    case "requiredEvidence":
      return bullets((value as AcceptanceCriterion[]).map(criterion));
    case "testingQaChecklist":
      return bullets((value as QaChecklistItem[]).map(checklistRow));
    case "generatedTickets":
      return (value as GeneratedTicket[]).map(ticket).join("\n\n");
    case "decisions":
      return bullets((value as Decision[]).map(decision));
    case "sourceArtifactLinks":
      return bullets((value as SourceArtifactLink[]).map(artifact));
    default:
      if (typeof value === "string") return value.trimEnd();
      if (Array.isArray(value)) return bullets(value.map(String));
      return fenced(JSON.stringify(value, null, 2), "json");
  }
}

function criterion(item: AcceptanceCriterion): string {
  const lines = [`**${item.id}** ${item.text}`];
  if (item.implementation === false && item.manualEvidence) {
    lines.push(`Manual evidence: ${item.manualEvidence.rationale} (${item.manualEvidence.evidencePath})`);
  }
  return lines.join("\n");
}

function checklistRow(item: QaChecklistItem): string {
  const who = item.checked && item.checkedBy ? ` — checked by ${item.checkedBy}${item.checkedAt ? ` at ${item.checkedAt}` : ""}` : "";
  return `[${item.checked ? "x" : " "}] ${item.text}${who}`;
}

function ticket(item: GeneratedTicket): string {
  const lines = [`### ${item.id}: ${singleLine(item.title)}`];
  if (item.description) lines.push("", item.description.trimEnd());
  const bound = [
    item.boundCriteria.length ? `Criteria: ${item.boundCriteria.join(", ")}` : null,
    item.boundRequirements?.length ? `Requirements: ${item.boundRequirements.join(", ")}` : null,
  ].filter(Boolean);
  if (bound.length) lines.push("", `_${bound.join(" · ")}_`);
  return lines.join("\n");
}

function decision(item: Decision): string {
  const facts = [item.source ? `source: ${item.source}` : null, item.stated === undefined ? null : item.stated ? "stated" : "inferred"].filter(Boolean);
  return facts.length ? `${item.text} (${facts.join("; ")})` : item.text;
}

function artifact(item: SourceArtifactLink): string {
  const facts = [item.kind || null, item.read ? "read" : null].filter(Boolean);
  return facts.length ? `${item.label} (${facts.join(", ")})` : item.label;
}

/** A list item may hold several lines of Markdown; continuation lines are indented to stay in the item. */
function bullets(items: string[]): string {
  return items.map((item) => `- ${item.trimEnd().split("\n").join("\n  ")}`).join("\n");
}

function fenced(text: string, language: string): string {
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longestRun + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

function singleLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
