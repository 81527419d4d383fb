/**
 * The brief as the in-chat view shows it (brief_show's structuredContent): the sections that have
 * content, already in display order with their headings, and the QA checklist with who ticked what.
 * The view only lays this out; every rule about what a section shows lives here, next to the
 * Markdown export that serves the same reader without apps (brief-markdown.ts).
 */
import { z } from "zod";
import { roleSchema, timestamp, versionHash } from "@/lib/contract/result-fields";
import { sectionsWithContent } from "./brief-markdown";
import type { AcceptanceCriterion, BriefContent, BriefState, Decision, GeneratedTicket, QaChecklistItem, SourceArtifactLink } from "./schema";
import { briefStateSchema } from "./schema";
import { sectionTitles, type ContentSectionKey } from "./section-titles";
import { briefStateLabels } from "./state-labels";

const markdown = (what: string) => z.string().describe(`${what} (Markdown, shown as written).`);

const textSectionSchema = z.strictObject({
  key: z.string(),
  heading: z.string(),
  kind: z.literal("text"),
  text: markdown("The section's text"),
});

const listItemSchema = z.strictObject({
  label: z.string().nullable().describe("The item's id (criteria, tickets), or null."),
  title: z.string().nullable().describe("A ticket's title (plain text), or null."),
  text: markdown("The item"),
  note: z.string().nullable().describe("Facts about the item in plain text (evidence, bound ids, source), or null."),
});

const listSectionSchema = z.strictObject({
  key: z.string(),
  heading: z.string(),
  kind: z.literal("list"),
  items: z.array(listItemSchema),
});

export const checklistRowSchema = z.strictObject({
  index: z.number().int().min(0).describe("The row's position: brief_checklist_update's index."),
  text: z.string().describe("The row's text: brief_checklist_update's expectedText."),
  checked: z.boolean(),
  checkedBy: z.string().nullable(),
  checkedAt: timestamp.nullable(),
  addedBy: z.string().nullable(),
});

export const briefViewSchema = z.strictObject({
  briefId: z.string(),
  projectName: z.string(),
  title: z.string(),
  state: briefStateSchema,
  stateLabel: z.string(),
  versionNum: z.number().int().min(1).describe("The version shown: brief_checklist_update's ifVersionNum."),
  hash: versionHash.nullable(),
  updatedAt: timestamp,
  sections: z
    .array(z.discriminatedUnion("kind", [textSectionSchema, listSectionSchema]))
    .describe("Every section with content except the QA checklist, in the contract's order."),
  checklist: z.strictObject({
    rows: z.array(checklistRowSchema),
    checkedCount: z.number().int().min(0),
    total: z.number().int().min(0),
  }),
  yourRole: roleSchema,
  canTick: z.boolean().describe("Whether this connection may tick rows: an editor or owner, a token with brief:write, a brief that is not read-only."),
  readOnlyReason: z.string().nullable().describe("Why canTick is false, in words for the person; null when it is true."),
});

export type BriefView = z.output<typeof briefViewSchema>;
export type BriefViewSection = BriefView["sections"][number];
export type ChecklistRow = z.output<typeof checklistRowSchema>;

type ViewInput = {
  briefId: string;
  projectName: string;
  title: string;
  state: BriefState;
  versionNum: number;
  hash: string | null;
  updatedAt: Date;
  content: BriefContent;
  role: z.output<typeof roleSchema>;
  /** Why this connection cannot tick, or null when it can (decided by the service: scopes, role, state). */
  readOnlyReason: string | null;
};

export function toBriefView(input: ViewInput): BriefView {
  const rows = checklistRows(input.content.testingQaChecklist ?? []);
  return {
    briefId: input.briefId,
    projectName: input.projectName,
    title: input.title,
    state: input.state,
    stateLabel: briefStateLabels[input.state],
    versionNum: input.versionNum,
    hash: input.hash,
    updatedAt: input.updatedAt.toISOString(),
    sections: sectionsWithContent(input.content)
      .filter((key) => key !== "testingQaChecklist")
      .map((key) => viewSection(key, input.content[key])),
    checklist: { rows, checkedCount: rows.filter((row) => row.checked).length, total: rows.length },
    yourRole: input.role,
    canTick: input.readOnlyReason === null,
    readOnlyReason: input.readOnlyReason,
  };
}

export function checklistRows(items: readonly QaChecklistItem[]): ChecklistRow[] {
  return items.map((item, index) => ({
    index,
    text: item.text,
    checked: item.checked,
    checkedBy: item.checked ? (item.checkedBy ?? null) : null,
    checkedAt: item.checked ? (item.checkedAt ?? null) : null,
    addedBy: item.addedBy ?? null,
  }));
}

type Item = z.output<typeof listItemSchema>;
const item = (text: string, facts: Partial<Omit<Item, "text">> = {}): Item => ({ label: null, title: null, note: null, ...facts, text });

function viewSection(key: ContentSectionKey, value: unknown): BriefViewSection {
  const heading = sectionTitles[key];
  const list = (items: Item[]): BriefViewSection => ({ key, heading, kind: "list", items });
  switch (key) {
    case "acceptanceCriteria":
    case "requiredEvidence":
      return list((value as AcceptanceCriterion[]).map(criterion));
    case "generatedTickets":
      return list((value as GeneratedTicket[]).map(ticket));
    case "decisions":
      return list((value as Decision[]).map(decision));
    case "sourceArtifactLinks":
      return list((value as SourceArtifactLink[]).map(artifact));
    default:
      if (typeof value === "string") return { key, heading, kind: "text", text: value };
      if (Array.isArray(value)) return list(value.map((entry) => item(String(entry))));
      // Content that passed validation never gets here; shown rather than dropped if it does.
      return { key, heading, kind: "text", text: `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`` };
  }
}

function criterion(c: AcceptanceCriterion): Item {
  const evidence = c.implementation === false && c.manualEvidence ? `Manual evidence: ${c.manualEvidence.rationale} (${c.manualEvidence.evidencePath})` : null;
  return item(c.text, { label: c.id, note: evidence });
}

function ticket(t: GeneratedTicket): Item {
  const bound = [
    t.boundCriteria.length ? `Criteria: ${t.boundCriteria.join(", ")}` : null,
    t.boundRequirements?.length ? `Requirements: ${t.boundRequirements.join(", ")}` : null,
  ].filter(Boolean);
  return item(t.description ?? "", { label: t.id, title: t.title, note: bound.length ? bound.join(" · ") : null });
}

function decision(d: Decision): Item {
  const facts = [d.source ? `Source: ${d.source}` : null, d.stated === undefined ? null : d.stated ? "Stated" : "Inferred"].filter(Boolean);
  return item(d.text, { note: facts.length ? facts.join(" · ") : null });
}

function artifact(l: SourceArtifactLink): Item {
  const facts = [l.kind || null, l.read === undefined ? null : l.read ? "read" : "not read"].filter(Boolean);
  return item(l.label, { note: facts.length ? facts.join(" · ") : null });
}
