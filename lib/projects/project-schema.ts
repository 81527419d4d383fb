import { z } from "zod";
import { roleSchema, timestamp } from "@/lib/contract/result-fields";
import type { ProjectRole } from "@/lib/generated/prisma/client";

export type { ProjectRole };
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { limitSchema } from "@/lib/paging/page-size";
import { boundedText, nameText } from "@/lib/contract/bounded-text";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@/lib/contract/bounds";

export const createProjectArgsSchema = z.strictObject({
  name: nameText(PROJECT_NAME_MAX).describe("Not blank."),
  description: boundedText(0, PROJECT_DESCRIPTION_MAX).optional(),
  idempotencyKey: idempotencyKeySchema,
});

export const listProjectsArgsSchema = z.strictObject({
  cursor: z.string().min(1).optional(),
  limit: limitSchema.optional(),
});

export const projectSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  role: roleSchema.describe("The caller's role in the project."),
  createdAt: timestamp,
});

export const memberStatusSchema = z
  .enum(["active", "invited"])
  .describe(
    "active: a member now. invited: the address has no confirmed account yet; it becomes a member when someone confirms that address.",
  );

export const memberSchema = z.strictObject({
  email: z.string(),
  role: roleSchema.nullable().describe("null when the member was removed or the invitation cancelled."),
  status: memberStatusSchema.nullable().describe("null together with role: nothing is left of the member or invitation."),
});

export type MemberChange = z.output<typeof memberSchema>;

export type ProjectView = z.output<typeof projectSchema>;
