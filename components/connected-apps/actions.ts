"use server";

import { revalidatePath } from "next/cache";
import { requireWebActor } from "@/lib/auth/session-gate";
import { revokeConnectedApp } from "@/lib/oauth/connected-apps";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

export async function revokeConnectedAppAction(grantId: unknown): Promise<ActionResult<null>> {
  const actor = await requireWebActor("/settings/connected-apps");
  const result = await toActionResult(async () => {
    await revokeConnectedApp(actor, typeof grantId === "string" ? grantId : "");
    return null;
  });
  if (result.ok) revalidatePath("/settings/connected-apps");
  return result;
}
