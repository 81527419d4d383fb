"use server";

import { revalidatePath } from "next/cache";
import { requireWebActor } from "@/lib/auth/session-gate";
import { connectRepository, disconnectRepository, type ConnectedRepository } from "@/lib/github/connect-repository";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

/** The owner's "Connect" in the project's GitHub panel. */
export async function connectRepositoryAction(_prev: ActionResult<ConnectedRepository> | undefined, input: FormData): Promise<ActionResult<ConnectedRepository>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    const projectId = String(form.get("projectId") ?? "");
    const connected = await connectRepository(actor, { projectId, installationId: String(form.get("installationId") ?? ""), repository: String(form.get("repository") ?? "") });
    revalidatePath(`/projects/${projectId}`);
    return connected;
  });
}

export async function disconnectRepositoryAction(projectId: string, repository: string): Promise<ActionResult<{ removed: boolean }>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const removed = await disconnectRepository(actor, projectId, repository);
    revalidatePath(`/projects/${projectId}`);
    return { removed };
  });
}
