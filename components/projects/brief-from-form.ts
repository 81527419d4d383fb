import { revalidatePath } from "next/cache";
import type { Actor } from "@/lib/auth/actor";
import { requireWebActor } from "@/lib/auth/session-gate";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

/** Where a brief a form made lives, for the page to open it. */
export type MadeBrief = { id: string; projectId: string };

/**
 * The body of a server action whose form makes a brief ("New brief", "Duplicate"): the signed-in
 * person makes it from the form's fields, the project's list is refreshed to show it, and its
 * address is answered. Not an action itself: each action file's own export calls it.
 */
export async function briefFromForm(input: FormData, make: (actor: Actor, form: FormData) => Promise<{ result: { brief: MadeBrief } }>): Promise<ActionResult<MadeBrief>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { result } = await make(actor, parseOrThrow(formDataSchema, input));
    revalidatePath(`/projects/${result.brief.projectId}`);
    return { id: result.brief.id, projectId: result.brief.projectId };
  });
}
