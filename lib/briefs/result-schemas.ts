import { z } from "zod";
import { nextCursor, roleSchema, timestamp, versionHash } from "@/lib/contract/result-fields";
import { briefContentReadSchema, briefStateSchema } from "./schema";

/**
 * The shapes brief services return, declared once: the services' types come from them (z.output),
 * and the MCP door publishes them as its tools' outputSchema (lib/mcp/output-schemas.ts).
 */
/** The nine-field brief record of every brief result (docs/contract.md#brief-record): all required, nothing else. */
export const briefRecordSchema = z.strictObject({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  state: briefStateSchema,
  currentVersionHash: versionHash.nullable(),
  content: briefContentReadSchema.describe(
    "The stored brief document. Unknown keys are preserved; `checklist` mirrors `testingQaChecklist` when present.",
  ),
  versionNum: z.number().int(),
  createdNewVersion: z.boolean().describe("True when this write changed the canonical content and minted a version."),
  staledApprovals: z.number().int().describe("Approvals of an earlier approval hash made stale by this write."),
});

export const briefSummarySchema = z.strictObject({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  state: briefStateSchema,
  versionNum: z.number().int(),
  currentVersionHash: versionHash.nullable(),
  updatedAt: timestamp,
});

/** Collection items carry arbitrary keys; every one has an id and a creation time (docs/contract.md#collections). */
export const collectionItemSchema = z.looseObject({ id: z.string(), createdAt: timestamp });

export const collectionPageSchema = z.strictObject({ items: z.array(collectionItemSchema), nextCursor });

export const approvalSchema = z.strictObject({
  id: z.string(),
  createdAt: timestamp,
  versionNum: z.number().int(),
  approvalHash: z.string().describe("Canonical hash of the content without testingQaChecklist and _draft."),
  approvedBy: z.string(),
  stale: z.boolean().describe("True once the requirements changed after this approval."),
  staledAtVersionNum: z.number().int().nullable(),
});

export const briefLifecycleSchema = z.strictObject({
  updatedAt: timestamp,
  transitions: z
    .array(
      z.strictObject({
        to: briefStateSchema,
        allowed: z.boolean().describe("Whether the move's guard passes now."),
        reason: z.string().nullable().describe("Why the move is not possible now; null when it is."),
        needsReason: z.boolean().describe("True when brief_transition needs a reason for this move."),
      }),
    )
    .describe("The moves brief_transition offers from the current state."),
  stateReason: z.string().nullable().describe("The reason given when the brief was closed or superseded."),
  successorBriefId: z.string().nullable().describe("The brief that superseded this one."),
  yourRole: roleSchema.describe("Your role in the brief's project."),
  yourLiveApproval: approvalSchema.nullable().describe("Your approval of the current requirements, if you gave one."),
});

export const briefVersionSchema = z.strictObject({
  versionNum: z.number().int(),
  hash: versionHash,
  createdAt: timestamp,
  createdBy: z.string().describe("Actor label of the author."),
  via: z.string().describe("The tool name, `web` or `cli`."),
  baseline: z.boolean().describe("True when this version was baselined."),
  restoredFrom: z.number().int().nullable().describe("The earlier version whose content this version restored; null for an ordinary write."),
  content: briefContentReadSchema,
});

export type BriefRecord = z.output<typeof briefRecordSchema>;
export type BriefSummary = z.output<typeof briefSummarySchema>;
export type ApprovalItem = z.output<typeof approvalSchema>;
