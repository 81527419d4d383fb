/**
 * A section's value from the Markdown under its heading, by the shape its key holds
 * (section-kinds.ts). Reads what the export writes exactly, and other documents' common ways of
 * writing the same things (numbered lists, ids in several styles, tickets as list rows).
 */
import type { AcceptanceCriterion, GeneratedTicket, QaChecklistItem } from "@/lib/briefs/schema";
import { readJsonFence } from "./json-fence";
import { bodyItems } from "./list-blocks";
import { bodyTree, span } from "./markdown-tree";
import { parseBound, parseCriterion, parseDecision, parseLink, splitId, unattributedRow, withoutAttribution } from "./section-facts";
import { sectionKind } from "./section-kinds";
import { headingText } from "./heading-text";

/** Blank lines before the text and white space after it belong to the layout, not the section. */
export function trimBody(raw: string): string {
  return raw.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
}

export function readSection(key: string, raw: string): unknown {
  const body = trimBody(raw);
  const exact = readJsonFence(body);
  const kind = sectionKind(key);
  switch (kind) {
    case "other":
      return exact === undefined ? body : exact;
    case "text":
      return typeof exact === "string" ? exact : body;
    case "checklist":
      return Array.isArray(exact) ? exact.map(unattributedRow) : checklistRows(body);
    default:
      if (Array.isArray(exact)) return exact;
  }
  if (kind === "tickets") return tickets(body);
  const texts = bodyItems(body)
    .map((item) => item.text)
    .filter((text) => text !== "");
  switch (kind) {
    case "list":
      return texts;
    case "criteria": {
      const nextId = idMaker(key === "requiredEvidence" ? "EV-" : "AC-", texts.map((text) => splitId(text).id));
      return texts.map((text): AcceptanceCriterion => parseCriterion(text, nextId));
    }
    case "decisions":
      return texts.map(parseDecision);
    case "links":
      return texts.map(parseLink);
  }
}

function checklistRows(body: string): QaChecklistItem[] {
  return bodyItems(body)
    .filter((item) => item.text !== "")
    .map((item) => {
      const checked = item.checked === true;
      return { text: withoutAttribution(item.text, checked), checked };
    });
}

/**
 * Tickets under headings (`### T-1: Title`, then the description and the bound ids), as the export
 * writes them; or one ticket per list row or block, its first line the title.
 */
function tickets(body: string): GeneratedTicket[] {
  const tree = bodyTree(body);
  const headings = tree.children.filter((node) => node.type === "heading");
  const depth = Math.min(...headings.map((node) => (node.type === "heading" ? node.depth : 7)));
  const starts = tree.children.filter((node) => node.type === "heading" && node.depth === depth);
  const firstStart = starts.length ? span(starts[0]).start : body.length;
  const drafts: { head: string; text: string }[] = bodyItems(body.slice(0, firstStart)).map((item) => {
    const [head, ...rest] = item.text.split("\n");
    return { head, text: rest.join("\n") };
  });
  starts.forEach((node, index) => {
    const { start, end } = span(node);
    const next = index + 1 < starts.length ? span(starts[index + 1]).start : body.length;
    drafts.push({ head: headingText(body.slice(start, end)), text: body.slice(end, next) });
  });
  const nextId = idMaker("T-", drafts.map((draft) => ticketHead(draft.head).id));
  return drafts
    .filter((draft) => draft.head.trim() !== "" || draft.text.trim() !== "")
    .map((draft) => {
      const { id, title } = ticketHead(draft.head);
      let description = trimBody(draft.text);
      let bound = { boundCriteria: [] as string[], boundRequirements: [] as string[] };
      const lastBreak = description.lastIndexOf("\n");
      const found = parseBound(description.slice(lastBreak + 1));
      if (found) {
        bound = found;
        description = description.slice(0, Math.max(lastBreak, 0)).trimEnd();
      }
      return { id: id ?? nextId(), title, description: description === "" ? null : description, ...bound };
    });
}

function ticketHead(head: string): { id: string | null; title: string } {
  const found = /^([A-Za-z0-9][A-Za-z0-9._:-]*?): (.+)$/.exec(head);
  if (found) return { id: found[1], title: found[2] };
  const { id, rest } = splitId(head);
  return { id, title: rest };
}

/** Ids for rows that have none: the prefix and the first free number, skipping ids already used. */
function idMaker(prefix: string, used: (string | null)[]): () => string {
  const taken = new Set(used.filter((id): id is string => id !== null));
  let counter = 0;
  return () => {
    let id: string;
    do id = `${prefix}${++counter}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
}
