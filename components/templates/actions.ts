"use server";

import { revalidatePath } from "next/cache";
import { requireWebActor } from "@/lib/auth/session-gate";
import { validationError } from "@/lib/errors";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { duplicateBrief } from "@/lib/templates/duplicate-brief";
import { saveBriefAsTemplate } from "@/lib/templates/save-brief-as-template";
import { updateTemplate } from "@/lib/templates/update-template";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";
import { briefFromForm, type MadeBrief } from "../projects/brief-from-form";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** "Save as template" on a brief page. */
export async function saveBriefAsTemplateAction(
  _prev: ActionResult<{ id: string; name: string; projectId: string }> | undefined,
  input: FormData,
): Promise<ActionResult<{ id: string; name: string; projectId: string }>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    const { result } = await saveBriefAsTemplate(actor, {
      briefId: text(form, "briefId"),
      name: text(form, "name"),
      description: text(form, "description") || undefined,
      idempotencyKey: text(form, "idempotencyKey"),
    });
    revalidatePath(`/projects/${result.template.projectId}/templates`);
    return { id: result.template.id, name: result.template.name, projectId: result.template.projectId };
  });
}

/** "Duplicate" on a brief page: the copy's address, to open it. */
export async function duplicateBriefAction(_prev: ActionResult<MadeBrief> | undefined, input: FormData): Promise<ActionResult<MadeBrief>> {
  return briefFromForm(input, (actor, form) => duplicateBrief(actor, { briefId: text(form, "briefId"), idempotencyKey: text(form, "idempotencyKey") }));
}

/**
 * The templates page's edit form. Content comes as the JSON text of its textarea: text that is not
 * JSON is refused here, at `content`, like any content the brief rules refuse.
 */
export async function updateTemplateAction(
  _prev: ActionResult<{ id: string; name: string }> | undefined,
  input: FormData,
): Promise<ActionResult<{ id: string; name: string }>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    let content: unknown;
    try {
      content = JSON.parse(text(form, "content"));
    } catch (error) {
      throw validationError([{ path: "content", message: `Not valid JSON: ${error instanceof Error ? error.message : "it cannot be read"}.` }]);
    }
    const template = await updateTemplate(actor, {
      templateId: text(form, "templateId"),
      name: text(form, "name"),
      description: text(form, "description") || null,
      content,
    });
    revalidatePath(`/projects/${template.projectId}/templates`);
    return { id: template.id, name: template.name };
  });
}

export async function deleteTemplateAction(templateId: string): Promise<ActionResult<{ id: string }>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { deleted } = await deleteTemplate(actor, { templateId });
    revalidatePath(`/projects/${deleted.projectId}/templates`);
    revalidatePath(`/projects/${deleted.projectId}`);
    return { id: deleted.id };
  });
}
