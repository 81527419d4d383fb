import { z } from "zod";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { limitSchema } from "@/lib/paging/page-size";
import { boundedText, nameText, PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@/lib/briefs/schema";

export const createProjectArgsSchema = z.strictObject({
  name: nameText(PROJECT_NAME_MAX).describe("Project name, 1..200 characters, not blank."),
  description: boundedText(0, PROJECT_DESCRIPTION_MAX).optional().describe("Optional description, at most 2000 characters."),
  idempotencyKey: idempotencyKeySchema,
});

export const listProjectsArgsSchema = z.strictObject({
  cursor: z.string().min(1).optional().describe("nextCursor of the previous page; omit for the first page."),
  limit: limitSchema.optional().describe("Page size 1..200, default 50."),
});

export type ProjectView = {
  id: string;
  name: string;
  description: string | null;
  role: ProjectRole;
  createdAt: string;
};
