"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { createShare, revokeShare } from "@/lib/shares/manage-shares";
import type { ShareView } from "@/lib/shares/share-schema";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

const idSchema = z.string().min(1).max(200);

export type CreatedShare = { share: ShareView; token: string };

function sharesPath(projectId: string, briefId: string): string {
  return `/projects/${projectId}/briefs/${briefId}/shares`;
}

/** Form fields: `what` ("current" or "version"), `versionNum`, `expiresAt` (an ISO time, or empty). */
export async function createShareAction(projectId: string, briefId: string, input: FormData): Promise<ActionResult<CreatedShare>> {
  const actor = await requireWebActor();
  const result = await toActionResult(() => {
    const form = parseOrThrow(formDataSchema, input);
    const expiresAt = String(form.get("expiresAt") ?? "");
    const fixed = form.get("what") === "version";
    return createShare(actor, {
      briefId: parseOrThrow(idSchema, briefId),
      ...(fixed && { versionNum: Number(form.get("versionNum")) }),
      ...(expiresAt && { expiresAt: new Date(expiresAt) }),
    });
  });
  if (result.ok) revalidatePath(sharesPath(projectId, briefId));
  return result;
}

export async function revokeShareAction(projectId: string, briefId: string, shareId: string): Promise<ActionResult<null>> {
  const actor = await requireWebActor();
  const result = await toActionResult(async () => {
    await revokeShare(actor, parseOrThrow(idSchema, shareId));
    return null;
  });
  if (result.ok) revalidatePath(sharesPath(projectId, briefId));
  return result;
}
