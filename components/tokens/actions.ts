"use server";

import { revalidatePath } from "next/cache";
import { requireWebActor } from "@/lib/auth/session-gate";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import type { ApiTokenView, CreateTokenInput } from "@/lib/tokens/token-schema";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema, tokenIdSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

export type CreatedToken = { token: string; apiToken: ApiTokenView };

export async function createApiTokenAction(
  _prev: ActionResult<CreatedToken> | undefined,
  input: FormData,
): Promise<ActionResult<CreatedToken>> {
  const actor = await requireWebActor();
  const result = await toActionResult(() => {
    const form = parseOrThrow(formDataSchema, input);
    const expiresAt = String(form.get("expiresAt") ?? "");
    return createApiToken(actor, {
      name: String(form.get("name") ?? ""),
      // The service parses these; unknown scope names come back as a VALIDATION_ERROR.
      scopes: form.getAll("scopes").map(String) as CreateTokenInput["scopes"],
      expiresAt: expiresAt ? new Date(expiresAt) : null,
    });
  });
  if (result.ok) revalidatePath("/settings/tokens");
  return result;
}

export async function revokeApiTokenAction(tokenId: string): Promise<ActionResult<null>> {
  const actor = await requireWebActor();
  const result = await toActionResult(async () => {
    await revokeApiToken(actor, parseOrThrow(tokenIdSchema, tokenId));
    return null;
  });
  if (result.ok) revalidatePath("/settings/tokens");
  return result;
}
