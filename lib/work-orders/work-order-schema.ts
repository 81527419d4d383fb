/**
 * The work-order contract (docs/contract.md#work-orders), declared once: the MCP tool publishes these
 * schemas, the services parse with them.
 */
import { z } from "zod";
import { boundedText } from "@/lib/contract/bounded-text";
import { briefContentParts } from "@/lib/briefs/schema";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { ACTOR_LABEL_MAX, LINK_URL_MAX, WORK_ORDER_LINKS_MAX, WORK_ORDER_NOTE_MAX } from "@/lib/contract/bounds";

export const workOrderStatuses = ["todo", "in_progress", "in_review", "done", "blocked"] as const;
export type WorkOrderStatus = (typeof workOrderStatuses)[number];

/** An http(s) address; nothing else is a link a person can open. */
export const webUrlSchema = z
  .string()
  .max(LINK_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, { error: "Must be an absolute http or https URL." });

export const workOrderLinkSchema = z.strictObject({
  label: boundedText(1, 200).describe("For example: issue, pull request, commit."),
  url: webUrlSchema,
});
export type WorkOrderLink = z.infer<typeof workOrderLinkSchema>;

export const updateWorkOrderArgsSchema = z.strictObject({
  briefId: z.string().min(1),
  ticketId: briefContentParts.id.describe("The id of a ticket in generatedTickets."),
  status: z.enum(workOrderStatuses),
  assignee: boundedText(1, ACTOR_LABEL_MAX).nullable().optional().describe("Who is on it; null clears. Omitted: unchanged, or you when you start it."),
  links: z.array(workOrderLinkSchema).max(WORK_ORDER_LINKS_MAX).optional().describe("Issues, pull requests, commits; added to the earlier ones."),
  note: boundedText(1, WORK_ORDER_NOTE_MAX).optional(),
  idempotencyKey: idempotencyKeySchema,
});

/** A ticket's work order as its history makes it: the latest status, assignee and note, every link. */
export type WorkOrder = {
  ticketId: string;
  status: WorkOrderStatus;
  assignee: string | null;
  links: WorkOrderLink[];
  note: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
  entries: number;
};
