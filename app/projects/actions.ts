"use server";

import { revalidatePath } from "next/cache";
import { requireWebActor } from "@/lib/auth/session-gate";
import { createProject } from "@/lib/projects/create-project";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";
import type { ProjectView } from "@/lib/projects/project-schema";

export async function createProjectAction(
  _prev: ActionResult<ProjectView> | undefined,
  input: FormData,
): Promise<ActionResult<ProjectView>> {
  const actor = await requireWebActor();
  const result = await toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    const { result } = await createProject(actor, {
      name: String(form.get("name") ?? "").trim(),
      description: String(form.get("description") ?? "").trim() || undefined,
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
    return result.project;
  });
  if (result.ok) revalidatePath("/projects");
  return result;
}
