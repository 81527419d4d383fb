/**
 * The brief as the in-chat view shows it (brief_show's structuredContent): the sections that have
 * content, in display order with their headings and each as the Markdown export writes it
 * (brief-markdown.ts), and the QA checklist with who ticked what. The view only lays this out, so a
 * section reads the same in the chat, in the export and in hosts without apps.
 */
import { z } from "zod";
import { roleSchema, timestamp, versionHash } from "@/lib/contract/result-fields";
import { sectionMarkdown, sectionsWithContent } from "./brief-markdown";
import type { BriefContent, BriefState, QaChecklistItem } from "./schema";
import { briefStateSchema } from "./schema";
import { sectionTitles } from "./section-titles";
import { criterionStatuses } from "@/lib/trace/criterion-status";

const sectionSchema = z.strictObject({
  key: z.string(),
  heading: z.string(),
  markdown: z.string().describe("The section as the Markdown export writes it (docs/contract.md#markdown-export)."),
});

export const checklistRowSchema = z.strictObject({
  index: z.number().int().min(0).describe("The row's position: brief_checklist_update's index."),
  text: z.string().describe("The row's text: brief_checklist_update's expectedText."),
  checked: z.boolean(),
  checkedBy: z.string().nullable(),
  checkedAt: timestamp.nullable(),
  addedBy: z.string().nullable(),
});

export const criterionRowSchema = z.strictObject({
  id: z.string(),
  text: z.string(),
  status: z.enum(criterionStatuses),
});

export const briefViewSchema = z.strictObject({
  briefId: z.string(),
  projectName: z.string(),
  title: z.string(),
  state: briefStateSchema,
  versionNum: z.number().int().min(1).describe("The version shown: brief_checklist_update's ifVersionNum."),
  hash: versionHash.nullable(),
  updatedAt: timestamp,
  sections: z
    .array(sectionSchema)
    .describe("Every section with content except the QA checklist, in the contract's order."),
  checklist: z.array(checklistRowSchema).describe("The QA checklist's rows, in order."),
  criteria: z.array(criterionRowSchema).describe("The acceptance criteria with their status (brief_trace)."),
  yourRole: roleSchema,
  canTick: z.boolean().describe("Whether this connection may tick rows: an editor or owner, a token with brief:write, a brief that is not read-only."),
  readOnlyReason: z.string().nullable().describe("Why canTick is false, in words for the person; null when it is true."),
});

export type BriefView = z.output<typeof briefViewSchema>;
export type BriefViewSection = BriefView["sections"][number];
export type ChecklistRow = z.output<typeof checklistRowSchema>;
export type CriterionRow = z.output<typeof criterionRowSchema>;

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
  /** Each criterion's status, from the brief's trace. */
  criteria: CriterionRow[];
};

export function toBriefView(input: ViewInput): BriefView {
  return {
    briefId: input.briefId,
    projectName: input.projectName,
    title: input.title,
    state: input.state,
    versionNum: input.versionNum,
    hash: input.hash,
    updatedAt: input.updatedAt.toISOString(),
    sections: sectionsWithContent(input.content)
      .filter((key) => key !== "testingQaChecklist")
      .map((key) => ({ key, heading: sectionTitles[key], markdown: sectionMarkdown(key, input.content[key]) ?? "" })),
    checklist: checklistRows(input.content.testingQaChecklist ?? []),
    criteria: input.criteria,
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
