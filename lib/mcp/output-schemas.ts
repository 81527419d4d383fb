/**
 * The result shapes the MCP tools publish as `outputSchema` (docs/contract.md#result-shapes, docs/contract.md#tools). The door
 * checks every success result against its schema before sending it, so the published contract and
 * what agents receive cannot drift apart silently.
 */
import { z } from "zod";
import { errorCodes } from "@/lib/errors";
import { appendableCollectionSchema, briefContentReadSchema, briefStateSchema, collectionKeys, collectionKeySchema } from "@/lib/briefs/schema";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";

const roleSchema = z.enum(["owner", "editor", "viewer"]);
const timestamp = z.string().describe("RFC 3339 timestamp in UTC.");
const nextCursor = z
  .string()
  .nullable()
  .describe("Pass as `cursor` to get the next page; null means the listing is complete.");
const versionHash = z.string().describe('"sha256:" + hex digest of the RFC 8785 canonical JSON of the content.');

/** The nine-field brief record of every brief result (docs/contract.md#brief-record): all required, nothing else. */
const briefRecordSchema = z.strictObject({
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

export const briefResultSchema = z.strictObject({ brief: briefRecordSchema });

const projectSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  role: roleSchema.describe("The caller's role in the project."),
  createdAt: timestamp,
});

const briefSummarySchema = z.strictObject({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  state: briefStateSchema,
  versionNum: z.number().int(),
  currentVersionHash: versionHash.nullable(),
  updatedAt: timestamp,
});

/** Collection items carry arbitrary keys; every one has an id and a creation time (docs/contract.md#collections). */
const collectionItemSchema = z.looseObject({ id: z.string(), createdAt: timestamp });

const collectionPageSchema = z.strictObject({ items: z.array(collectionItemSchema), nextCursor });

const approvalSchema = z.strictObject({
  id: z.string(),
  createdAt: timestamp,
  versionNum: z.number().int(),
  approvalHash: z.string().describe("Canonical hash of the content without testingQaChecklist and _draft."),
  approvedBy: z.string(),
  stale: z.boolean().describe("True once the requirements changed after this approval."),
  staledAtVersionNum: z.number().int().nullable(),
});

const briefLifecycleSchema = z.strictObject({
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

export const briefFullResultSchema = z.strictObject({
  brief: briefRecordSchema,
  lifecycle: briefLifecycleSchema,
  collections: z
    .strictObject(Object.fromEntries(collectionKeys.map((key) => [key, collectionPageSchema])) as Record<
      (typeof collectionKeys)[number],
      typeof collectionPageSchema
    >)
    .describe(`The first page (${SHORT_PAGE_SIZE} items, newest first) of each collection; page on with brief_collection_list.`),
});

export const collectionListResultSchema = z.strictObject({
  collection: collectionKeySchema,
  items: z.array(collectionItemSchema),
  nextCursor,
});


const briefVersionSchema = z.strictObject({
  versionNum: z.number().int(),
  hash: versionHash,
  createdAt: timestamp,
  createdBy: z.string().describe("Actor label of the author."),
  via: z.string().describe("The tool name, `web` or `cli`."),
  baseline: z.boolean().describe("True when this version was baselined."),
  content: briefContentReadSchema,
});

const memberSchema = z.strictObject({
  email: z.string(),
  role: roleSchema.nullable().describe("null when the member was removed."),
});

export const projectResultSchema = z.strictObject({ project: projectSchema });
export const projectListResultSchema = z.strictObject({ items: z.array(projectSchema), nextCursor });
export const memberResultSchema = z.strictObject({ member: memberSchema });
export const briefListResultSchema = z.strictObject({ items: z.array(briefSummarySchema), nextCursor });
export const approvalResultSchema = z.strictObject({ brief: briefRecordSchema, approval: approvalSchema });
export const appendResultSchema = z.strictObject({ collection: appendableCollectionSchema, item: collectionItemSchema });
export const versionResultSchema = z.strictObject({ version: briefVersionSchema });

/** The domain-error result (docs/contract.md#errors): `{error: {code, message, details?}}`. */
export const errorEnvelopeSchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
