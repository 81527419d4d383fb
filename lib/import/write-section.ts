/**
 * A section as the export writes it (docs/contract.md#markdown-export): the readable form when it
 * reads back to the same value, otherwise the value as JSON in a code block. Reading back is tried
 * for real, with the reader an import uses, so the export and the import cannot drift apart.
 */
import canonicalize from "canonicalize";
import type { AcceptanceCriterion, Decision, GeneratedTicket, QaChecklistItem, SourceArtifactLink } from "@/lib/briefs/schema";
import { sectionTitles } from "@/lib/briefs/section-titles";
import { headingText } from "./heading-text";
import { jsonFence } from "./json-fence";
import { bodyTree, documentTree, span } from "./markdown-tree";
import { readSection } from "./read-section";
import { formatBound, formatChecklistText, formatCriterion, formatDecision, formatLink, unattributedRow } from "./section-facts";
import { keyForHeading } from "./section-headings";
import { sectionKind } from "./section-kinds";

/**
 * Sections already written, by key and value: trying the readable form costs a parse or two, and
 * the same unchanged sections are exported again on every view of a brief. Bounded by characters.
 */
const written = new Map<string, string>();
let writtenChars = 0;
const WRITTEN_MAX_CHARS = 4_000_000;

/** The section's body under its heading. */
export function writeSection(key: string, value: unknown): string {
  const id = `${key}\u0000${JSON.stringify(value)}`;
  const known = written.get(id);
  if (known !== undefined) {
    written.delete(id);
    written.set(id, known);
    return known;
  }
  const body = sectionBody(key, value);
  if (id.length + body.length <= WRITTEN_MAX_CHARS / 8) {
    written.set(id, body);
    writtenChars += id.length + body.length;
    for (const [oldest, text] of written) {
      if (writtenChars <= WRITTEN_MAX_CHARS) break;
      written.delete(oldest);
      writtenChars -= oldest.length + text.length;
    }
  }
  return body;
}

function sectionBody(key: string, value: unknown): string {
  const readable = readableForm(key, value);
  if (readable !== null && standsAlone(readable) && sameOnReturn(key, readSection(key, readable), value)) return readable;
  return jsonFence(value);
}

/** The heading for a key: a known section's title, the key itself, or the key as a JSON string. */
export function headingFor(key: string): string {
  if (Object.hasOwn(sectionTitles, key)) return sectionTitles[key as keyof typeof sectionTitles];
  if (key !== "" && !/[\r\n]/.test(key) && keyForHeading(key) === key && writtenHeading(key) === key) return key;
  return JSON.stringify(key);
}

function writtenHeading(key: string): string | null {
  const text = `## ${key}`;
  const [node] = documentTree(text).children;
  if (node?.type !== "heading" || node.depth !== 2) return null;
  const { start, end } = span(node);
  return headingText(text.slice(start, end));
}

function readableForm(key: string, value: unknown): string | null {
  if (!Array.isArray(value)) return typeof value === "string" && sectionKind(key) !== "checklist" ? value : null;
  switch (sectionKind(key)) {
    case "list":
      return value.every((item) => typeof item === "string") ? bullets(value as string[]) : null;
    case "criteria":
      return bullets((value as AcceptanceCriterion[]).map(formatCriterion));
    case "checklist":
      return bullets((value as QaChecklistItem[]).map((row) => formatChecklistText(row.text, row.checked, row.checkedBy, row.checkedAt)));
    case "tickets":
      return (value as GeneratedTicket[]).map(ticket).join("\n\n");
    case "decisions":
      return bullets((value as Decision[]).map(formatDecision));
    case "links":
      return bullets((value as SourceArtifactLink[]).map(formatLink));
    default:
      return null;
  }
}

function ticket(item: GeneratedTicket): string {
  const parts = [`### ${item.id}: ${item.title}`];
  if (item.description !== null) parts.push(item.description);
  parts.push(formatBound(item.boundCriteria, item.boundRequirements));
  return parts.join("\n\n");
}

/** A list item may hold several lines of Markdown; continuation lines are indented to stay in the item. */
function bullets(items: string[]): string {
  return items.map((item) => `- ${item.split("\n").join("\n  ")}`).join("\n");
}

/**
 * The body must end where the next section's heading begins: no heading of a section's level
 * inside it, and nothing left open (a fence, an HTML comment) that would swallow what follows.
 */
function standsAlone(body: string): boolean {
  const probe = `${body}\n\n## end`;
  const nodes = bodyTree(probe).children;
  const sectionHeadings = nodes.filter((node) => node.type === "heading" && node.depth <= 2);
  const last = nodes.at(-1);
  return sectionHeadings.length === 1 && last?.type === "heading" && last.depth === 2 && span(last).start === body.length + 2;
}

function sameOnReturn(key: string, read: unknown, value: unknown): boolean {
  if (sectionKind(key) === "checklist") return canonicalize(unattributed(read)) === canonicalize(unattributed(value));
  return canonicalize(read) === canonicalize(value);
}

function unattributed(rows: unknown): unknown {
  return Array.isArray(rows) ? rows.map(unattributedRow) : rows;
}
