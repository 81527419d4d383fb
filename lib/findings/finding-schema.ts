/**
 * The findings contract (docs/contract.md#findings), declared once: the doors parse with these
 * schemas and the services write the item shape below.
 */
import { z } from "zod";
import { boundedText } from "@/lib/contract/bounded-text";
import { ARRAY_MAX, EXPECTED_TEXT_MAX, FINDING_NOTE_MAX } from "@/lib/contract/bounds";
import { briefContentParts } from "@/lib/briefs/schema";
import { evidenceFileArgSchema } from "@/lib/evidence/evidence-schema";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { DB_INT_MAX } from "@/lib/validation/input-bounds";

export const findingSeverities = ["blocker", "major", "minor"] as const;
export type FindingSeverity = (typeof findingSeverities)[number];

const briefId = z.string().min(1);
const note = boundedText(1, FINDING_NOTE_MAX).refine((value) => value.trim().length > 0, { error: "Must not be blank." });

export const failChecklistRowArgsSchema = z.strictObject({
  briefId,
  index: z.number().int().min(0).max(DB_INT_MAX).describe("Zero-based position of the checklist row."),
  expectedText: boundedText(1, EXPECTED_TEXT_MAX).describe("The row's current text; a mismatch fails and changes nothing."),
  note,
  severity: z.enum(findingSeverities).optional().describe("major when omitted."),
  criterionIds: z.array(briefContentParts.id).max(ARRAY_MAX).optional().describe("Acceptance criteria the failure affects."),
  file: evidenceFileArgSchema.optional().describe("A screenshot or log of the failure."),
  idempotencyKey: idempotencyKeySchema,
});

export const resolveFindingArgsSchema = z.strictObject({
  briefId,
  findingId: z.string().min(1),
  resolution: boundedText(0, FINDING_NOTE_MAX).optional(),
  idempotencyKey: idempotencyKeySchema,
});

/** A finding's data as stored in `findings` (its status is also the item's status column). */
export type FindingData = {
  status: "open" | "resolved";
  source: "checklist" | "evidence";
  row?: { index: number; text: string };
  evidenceId?: string;
  severity: FindingSeverity;
  criterionIds: string[];
  note: string;
  file?: Record<string, unknown>;
  fileUrl?: string;
  versionNum: number;
  createdBy: string;
};
