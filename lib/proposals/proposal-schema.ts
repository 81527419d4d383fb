/**
 * The proposal contract (docs/contract.md#proposals), declared once: the MCP tools publish these
 * schemas, the services parse with them and their result types come from them.
 */
import { z } from "zod";
import { boundedText } from "@/lib/contract/bounded-text";
import { DECISION_REASON_MAX, PROPOSAL_SUMMARY_MAX } from "@/lib/contract/bounds";
import { timestamp } from "@/lib/contract/result-fields";
import { briefRecordSchema } from "@/lib/briefs/result-schemas";
import { qualityFindingsField } from "@/lib/quality/quality-schema";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { DB_INT_MAX } from "@/lib/validation/input-bounds";

export const proposalStatuses = ["open", "accepted", "rejected", "withdrawn", "superseded"] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

const briefId = z.string().min(1);
const proposalId = z.string().min(1);

export const proposeArgsSchema = z.strictObject({
  briefId,
  baseVersionNum: z.number().int().min(1).max(DB_INT_MAX).describe("The versionNum you read."),
  changes: z
    .record(z.string(), z.unknown())
    .describe("The sections to change, each as in brief_update's content; null removes one, others stay."),
  summary: boundedText(1, PROPOSAL_SUMMARY_MAX).describe("What it changes and why, in Markdown."),
  supersedes: proposalId.optional().describe("Your open proposal that this one replaces."),
  idempotencyKey: idempotencyKeySchema,
});

export const decideArgsSchema = z.strictObject({
  briefId,
  proposalId,
  decision: z.enum(["accept", "reject", "withdraw"]),
  reason: boundedText(0, DECISION_REASON_MAX).optional(),
  sections: z
    .array(z.string().min(1))
    .min(1)
    .max(100)
    .optional()
    .describe("accept only: the sections to take, the others are declined; omit for all."),
  idempotencyKey: idempotencyKeySchema,
});

export const itemChangeSchema = z.strictObject({
  section: z.string(),
  change: z.enum(["added", "removed", "edited"]),
  id: z.string().optional().describe("The item's id, in lists whose items have ids."),
  text: z.string().optional().describe("The item's text, in other lists (before an edit)."),
  to: z.unknown().optional().describe("What was added or edited: its new value."),
});

export const conflictSchema = z.strictObject({
  section: z.string(),
  item: z.string().nullable().describe("The item's id or text; null when the section merges as a whole."),
  base: z.unknown(),
  current: z.unknown(),
  proposed: z.unknown(),
});

/** A proposal as every door shows it; `legacy` items are free-form ones from before proposals had a shape. */
export const proposalItemSchema = z.looseObject({
  id: z.string(),
  createdAt: timestamp,
  status: z.enum(proposalStatuses),
  legacy: z.literal(true).optional(),
  baseVersionNum: z.number().int().optional(),
  author: z.string().optional().describe("Actor label of the author."),
  summary: z.string().optional(),
  changedSections: z.array(z.string()).optional(),
  itemChanges: z.array(itemChangeSchema).optional(),
  supersedes: z.string().optional(),
  supersededBy: z.string().optional(),
  mergeable: z.boolean().optional().describe("Open proposals: true when it merges into the current version without conflicts."),
  conflicts: z.array(conflictSchema).optional(),
  overlapsWith: z.array(z.string()).optional().describe("Open proposals that touch the same items."),
  decidedBy: z.string().optional(),
  decidedAt: timestamp.optional(),
  reason: z.string().optional(),
  versionNum: z.number().int().optional().describe("Accepted: the version the accept wrote."),
  declinedSections: z.array(z.string()).optional(),
});

export const proposeResultSchema = z.strictObject({ proposal: proposalItemSchema, qualityFindings: qualityFindingsField });
export const decideResultSchema = z.strictObject({ proposal: proposalItemSchema, brief: briefRecordSchema });

export type ProposalItem = z.output<typeof proposalItemSchema>;
export type ItemChangeView = z.output<typeof itemChangeSchema>;
