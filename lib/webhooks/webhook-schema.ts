import { z } from "zod";
import { isEventType } from "@/lib/events/event-types";
import { webhookUrlProblem } from "./webhook-url";

const url = z.string().trim().superRefine((text, ctx) => {
  const problem = webhookUrlProblem(text);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
const events = z
  .array(z.string().refine(isEventType, { message: "not a kind of event; docs/operations.md#events-and-delivery lists them" }))
  .max(50)
  .transform((kinds) => [...new Set(kinds)].sort());
const description = z.string().trim().max(200);

export const createWebhookSchema = z.strictObject({
  projectId: z.string().min(1),
  url,
  /** Empty or left out: every kind. */
  events: events.optional(),
  description: description.optional(),
});

export const updateWebhookSchema = z.strictObject({
  endpointId: z.string().min(1),
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean().optional(),
});

/** An endpoint as owners see it; the secret is never part of it. */
export type WebhookView = {
  id: string;
  projectId: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
};

export function toWebhookView(row: { id: string; projectId: string; url: string; description: string; events: string[]; enabled: boolean; disabledReason: string | null; failingSince: Date | null; createdAt: Date }): WebhookView {
  return {
    id: row.id,
    projectId: row.projectId,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
