"use server";

import { revalidatePath } from "next/cache";
import { requireWebActor } from "@/lib/auth/session-gate";
import { setProjectQuality, type ProjectQuality } from "@/lib/quality/project-quality";
import { suppressFinding, suppressFindingArgsSchema } from "@/lib/quality/suppress-finding";
import { isRuleId } from "@/lib/quality/rule-ids";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";
import type { z } from "zod";

/**
 * The owner's quality settings: the gate, EARS, the rules to check (ticked ones are on) and the
 * project's own vague terms, one per line.
 */
export async function setProjectQualityAction(_prev: ActionResult<ProjectQuality> | undefined, input: FormData): Promise<ActionResult<ProjectQuality>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    const projectId = String(form.get("projectId") ?? "");
    const checked = new Set(form.getAll("rule").map(String));
    const shown = form.getAll("shownRule").map(String).filter(isRuleId);
    const quality = await setProjectQuality(actor, projectId, {
      requireQuality: form.get("requireQuality") === "on",
      earsRequired: form.get("earsRequired") === "on",
      disabledRules: shown.filter((rule) => !checked.has(rule)),
      extraVagueTerms: String(form.get("vagueTerms") ?? "")
        .split(/[\n,]/)
        .map((term) => term.trim())
        .filter(Boolean),
    });
    revalidatePath(`/projects/${projectId}`, "layout");
    return quality;
  });
}

/** A person suppresses one finding with a reason (docs/quality.md#suppressing). */
export async function suppressFindingAction(input: z.input<typeof suppressFindingArgsSchema>): Promise<ActionResult<{ id: string }>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { result } = await suppressFinding(actor, input);
    return { id: String(result.suppression.id) };
  });
}
