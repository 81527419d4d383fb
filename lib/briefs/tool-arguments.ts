import { z } from "zod";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { limitSchema } from "@/lib/paging/page-size";
import { appendableCollectionSchema, briefContentSchema, briefStateSchema, collectionKeySchema, titleSchema } from "./schema";
import { boundedText } from "@/lib/contract/bounded-text";
import { APPENDED_ITEM_MAX_BYTES, EXPECTED_TEXT_MAX, TITLE_MAX, TRANSITION_REASON_MAX } from "@/lib/contract/bounds";
import { DB_INT_MAX } from "@/lib/validation/input-bounds";

/**
 * The arguments of every brief operation, shared by both doors: the MCP tools publish these as
 * their inputSchema, the services parse with them. Content is published in full here but parsed
 * by parseContentInput (size first, then strings and shape), hence `withRawContent`.
 */
// Where ids come from, ifVersionNum, idempotencyKey and paging are said once, in the MCP server's
// instructions, rather than in every tool.
const briefId = z.string().min(1);
const projectId = z.string().min(1);
const ifVersionNum = z.number().int().min(1).max(DB_INT_MAX).optional();
const cursor = z.string().min(1).optional();
const limit = limitSchema.optional();
// Its size limit is said with CONTENT_TOO_LARGE in the server's instructions.
const content = briefContentSchema.describe("Replaces the whole content; unknown keys are kept.");

export const createBriefArgsSchema = z.strictObject({
  projectId,
  title: titleSchema.optional().describe("Required unless markdown has one."),
  content: content.optional(),
  markdown: z.string().min(1).optional().describe("Instead of content: a Markdown document, read as an import (headings name sections)."),
  template: z.string().min(1).optional().describe("A template's id, instead of content."),
  idempotencyKey: idempotencyKeySchema,
});

export const listBriefsArgsSchema = z.strictObject({
  projectId,
  state: briefStateSchema.optional(),
  titleContains: boundedText(1, TITLE_MAX).optional().describe("Case-insensitive."),
  cursor,
  limit,
});

export const getBriefFullArgsSchema = z.strictObject({ briefId });

export const showBriefArgsSchema = z.strictObject({ briefId });

export const checkBriefArgsSchema = z.strictObject({
  briefId,
  // Published loosely (brief_update publishes the shape); parsed in full by parseContentInput.
  content: z.record(z.string(), z.unknown()).optional().describe("A draft, as brief_update's content, checked instead of the stored one."),
});
export const checkBriefServiceSchema = checkBriefArgsSchema.extend({ content: z.unknown().optional() });

export const updateBriefArgsSchema = z.strictObject({
  briefId,
  title: titleSchema.optional().describe("A title change mints no version."),
  content: content.optional(),
  ifVersionNum,
  idempotencyKey: idempotencyKeySchema,
});

export const updateChecklistItemArgsSchema = z.strictObject({
  briefId,
  index: z.number().int().min(0).max(DB_INT_MAX).describe("The row's position, from 0."),
  expectedText: boundedText(1, EXPECTED_TEXT_MAX).describe("The row's current text."),
  checked: z.boolean(),
  ifVersionNum,
  idempotencyKey: idempotencyKeySchema,
});

export const transitionBriefArgsSchema = z.strictObject({
  briefId,
  to: briefStateSchema,
  reason: boundedText(0, TRANSITION_REASON_MAX).optional(),
  successorBriefId: z.string().min(1).optional().describe("Superseding: the brief of this project that replaces it."),
  ifVersionNum,
  idempotencyKey: idempotencyKeySchema,
});

export const approveBriefArgsSchema = z.strictObject({ briefId, ifVersionNum, idempotencyKey: idempotencyKeySchema });

export const appendCollectionItemArgsSchema = z.strictObject({
  briefId,
  collection: appendableCollectionSchema,
  item: z.record(z.string(), z.unknown()).describe(`Any JSON object up to ${APPENDED_ITEM_MAX_BYTES / 1024} KiB; a comment needs a \`body\` string.`),
  idempotencyKey: idempotencyKeySchema,
});

export const listCollectionArgsSchema = z.strictObject({
  briefId,
  collection: collectionKeySchema,
  cursor,
  limit,
});

export const getBriefVersionArgsSchema = z.strictObject({
  briefId,
  versionNum: z.number().int().min(1).max(DB_INT_MAX),
});

/** A restore is always guarded: it replaces the whole content, so it names the version it replaces. */
export const restoreBriefVersionArgsSchema = z.strictObject({
  briefId,
  versionNum: z.number().int().min(1).max(DB_INT_MAX).describe("The version whose content is written back as a new version."),
  ifVersionNum: z.number().int().min(1).max(DB_INT_MAX).describe("The version the restore replaces; BRIEF_VERSION_CONFLICT when the brief has moved on."),
  idempotencyKey: idempotencyKeySchema,
});

export const setProjectMemberArgsSchema = z.strictObject({
  projectId,
  email: z.string().min(1).max(254),
  role: z.enum(["owner", "editor", "reviewer", "viewer"]).nullable(),
  idempotencyKey: idempotencyKeySchema,
});

/** The services' own parse: content is checked separately by parseContentInput (size first). */
export const createBriefServiceSchema = createBriefArgsSchema.extend({ content: z.unknown().optional() });
export const updateBriefServiceSchema = updateBriefArgsSchema.extend({ content: z.unknown().optional() });

export const exportBriefArgsSchema = z.strictObject({
  briefId,
  format: z.enum(["markdown", "kiro", "spec-kit", "openspec"]).optional().describe("markdown (default), or a spec file for a repository: kiro, spec-kit, openspec."),
  versionNum: z
    .number()
    .int()
    .min(1)
    .max(DB_INT_MAX)
    .optional(),
});
