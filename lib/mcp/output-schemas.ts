/**
 * The result shapes the MCP tools publish as `outputSchema` (docs/contract.md#result-shapes, docs/contract.md#tools). The door
 * checks every success result against its schema before sending it, so the published contract and
 * what agents receive cannot drift apart silently.
 */
import { z } from "zod";
import { qualityFindingsField } from "@/lib/quality/quality-schema";
import type { ErrorCode } from "@/lib/errors";
import { appendableCollectionSchema, collectionKeySchema } from "@/lib/briefs/schema";
import {
  approvalSchema,
  briefLifecycleSchema,
  briefRecordSchema,
  briefSummarySchema,
  briefVersionSchema,
  collectionItemSchema,
  collectionPageSchema,
} from "@/lib/briefs/result-schemas";
import { nextCursor } from "@/lib/contract/result-fields";
import { memberSchema, projectSchema } from "@/lib/projects/project-schema";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";
import type { ToolDefinition } from "./define-tool";

export const briefResultSchema = z.strictObject({ brief: briefRecordSchema });
export const briefWriteResultSchema = z.strictObject({ brief: briefRecordSchema, qualityFindings: qualityFindingsField });

export const briefFullResultSchema = z.strictObject({
  brief: briefRecordSchema,
  openProposals: z.number().int().describe("How many proposals wait for a decision (brief_collection_list on proposals lists them)."),
  lifecycle: briefLifecycleSchema,
  // A record over the ten keys is exhaustive and refuses others, like an object listing them, but
  // publishes the page's shape once instead of ten times.
  collections: z
    .record(collectionKeySchema, collectionPageSchema)
    .describe(`The first page (${SHORT_PAGE_SIZE} items, newest first) of each collection; page on with brief_collection_list.`),
});

export const collectionListResultSchema = z.strictObject({
  collection: collectionKeySchema,
  items: z.array(collectionItemSchema),
  nextCursor,
});


export const projectResultSchema = z.strictObject({ project: projectSchema });
export const projectListResultSchema = z.strictObject({ items: z.array(projectSchema), nextCursor });
export const memberResultSchema = z.strictObject({ member: memberSchema });
export const briefListResultSchema = z.strictObject({ items: z.array(briefSummarySchema), nextCursor });
export const approvalResultSchema = z.strictObject({ brief: briefRecordSchema, approval: approvalSchema });
export const appendResultSchema = z.strictObject({ collection: appendableCollectionSchema, item: collectionItemSchema });
export const versionResultSchema = z.strictObject({ version: briefVersionSchema });
export const exportResultSchema = z.strictObject({
  briefId: z.string(),
  versionNum: z.number().int().min(1),
  fileName: z.string().describe("A suggested file name: the title made safe, and the version."),
  markdown: z.string().describe("The whole brief as one Markdown document."),
});

/**
 * The domain-error result (docs/contract.md#errors): `{error: {code, message, details?}}`, its code one of
 * those the tool can answer. Published only (the service builds every error itself), and published open:
 * each tool's outputSchema carries it, and what an agent needs of it is its fields and codes, not that
 * the service adds no others.
 */
export function errorEnvelopeSchema(codes: readonly ErrorCode[]) {
  return z.looseObject({
    error: z.looseObject({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  });
}

/**
 * What a tool publishes as its outputSchema: its result or its error envelope. The envelope is part of
 * it because the v1 SDK client checks structuredContent against outputSchema even on isError results.
 */
export function toolOutputSchema(tool: Pick<ToolDefinition, "outputSchema" | "errorCodes">): z.ZodType {
  return z.union([tool.outputSchema, errorEnvelopeSchema(tool.errorCodes)]);
}
