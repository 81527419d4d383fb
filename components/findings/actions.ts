"use server";

import type { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { resolveFindingArgsSchema } from "@/lib/findings/finding-schema";
import { resolveFinding } from "@/lib/findings/resolve-finding";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toActionResult } from "@/lib/web/action-result";

/** "Resolve" on an open finding (owners and editors); marking a row failed goes through its route, as it may carry a file. */
export async function resolveFindingAction(input: z.input<typeof resolveFindingArgsSchema>) {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    await resolveFinding(actor, parseOrThrow(resolveFindingArgsSchema, input));
    return { resolved: true };
  });
}
