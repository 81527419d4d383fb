import { z } from "zod";
import { boundedText, nameText } from "@/lib/contract/bounded-text";
import { TEMPLATE_DESCRIPTION_MAX, TEMPLATE_NAME_MAX } from "@/lib/contract/bounds";
import type { BriefContent } from "@/lib/briefs/schema";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";

/** Stored trimmed (docs/contract.md#names-and-titles); unique in its project in any case. */
export const templateNameSchema = nameText(TEMPLATE_NAME_MAX);
/** Empty or blank clears it. */
export const templateDescriptionSchema = boundedText(0, TEMPLATE_DESCRIPTION_MAX);

const id = z.string().min(1);

export const saveBriefAsTemplateArgsSchema = z.strictObject({
  briefId: id,
  name: templateNameSchema,
  description: templateDescriptionSchema.optional(),
  idempotencyKey: idempotencyKeySchema,
});

/** Content is checked separately, by the brief's own rules (parseContentInput: size first). */
export const updateTemplateArgsSchema = z.strictObject({
  templateId: id,
  name: templateNameSchema.optional(),
  description: templateDescriptionSchema.nullable().optional(),
  content: z.unknown().optional(),
});

export const duplicateBriefArgsSchema = z.strictObject({ briefId: id, idempotencyKey: idempotencyKeySchema });

/** A template as every reader sees it. `sections`: the keys of the content it fills, in its order. */
export type TemplateView = {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  sections: string[];
  content: BriefContent;
  builtIn: boolean;
  createdAt: string;
  updatedAt: string;
};
