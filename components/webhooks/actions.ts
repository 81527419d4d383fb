"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";
import { redeliver, sendTestEvent } from "@/lib/webhooks/delivery-log";
import { createWebhook, deleteWebhook, updateWebhook } from "@/lib/webhooks/manage-webhooks";
import type { WebhookView } from "@/lib/webhooks/webhook-schema";

const idSchema = z.string().min(1).max(200);

export type CreatedWebhook = { webhook: WebhookView; secret: string };

/** The kinds chosen in a form: "every kind" is an empty list. */
function kindsOf(form: FormData): string[] {
  return form.get("scope") === "some" ? form.getAll("events").map(String) : [];
}

function settingsPath(projectId: string): string {
  return `/projects/${projectId}/settings/webhooks`;
}

export async function createWebhookAction(projectId: string, input: FormData): Promise<ActionResult<CreatedWebhook>> {
  const actor = await requireWebActor();
  const result = await toActionResult(() => {
    const form = parseOrThrow(formDataSchema, input);
    return createWebhook(actor, { projectId: parseOrThrow(idSchema, projectId), url: String(form.get("url") ?? ""), description: String(form.get("description") ?? ""), events: kindsOf(form) });
  });
  if (result.ok) revalidatePath(settingsPath(projectId));
  return result;
}

export async function updateWebhookAction(endpointId: string, input: FormData): Promise<ActionResult<{ webhook: WebhookView }>> {
  const actor = await requireWebActor();
  const result = await toActionResult(() => {
    const form = parseOrThrow(formDataSchema, input);
    return updateWebhook(actor, { endpointId: parseOrThrow(idSchema, endpointId), url: String(form.get("url") ?? ""), description: String(form.get("description") ?? ""), events: kindsOf(form) });
  });
  if (result.ok) revalidatePath(settingsPath(result.data.webhook.projectId));
  return result;
}

export async function setWebhookEnabledAction(endpointId: string, enabled: boolean): Promise<ActionResult<{ webhook: WebhookView }>> {
  const actor = await requireWebActor();
  const result = await toActionResult(() => updateWebhook(actor, { endpointId: parseOrThrow(idSchema, endpointId), enabled: parseOrThrow(z.boolean(), enabled) }));
  if (result.ok) revalidatePath(settingsPath(result.data.webhook.projectId));
  return result;
}

export async function deleteWebhookAction(projectId: string, endpointId: string): Promise<ActionResult<null>> {
  const actor = await requireWebActor();
  const result = await toActionResult(async () => {
    await deleteWebhook(actor, parseOrThrow(idSchema, endpointId));
    return null;
  });
  if (result.ok) revalidatePath(settingsPath(projectId));
  return result;
}

export async function sendTestEventAction(projectId: string, endpointId: string): Promise<ActionResult<{ eventId: string }>> {
  const actor = await requireWebActor();
  const result = await toActionResult(() => sendTestEvent(actor, parseOrThrow(idSchema, endpointId)));
  if (result.ok) revalidatePath(`${settingsPath(projectId)}/${endpointId}`);
  return result;
}

export async function redeliverAction(projectId: string, endpointId: string, deliveryId: string): Promise<ActionResult<null>> {
  const actor = await requireWebActor();
  const result = await toActionResult(async () => {
    await redeliver(actor, parseOrThrow(idSchema, deliveryId));
    return null;
  });
  if (result.ok) revalidatePath(`${settingsPath(projectId)}/${endpointId}`);
  return result;
}
