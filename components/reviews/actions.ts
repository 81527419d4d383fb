"use server";

import { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { requestReview, type ReviewRequested } from "@/lib/reviews/request-review";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

const argsSchema = z.strictObject({ briefId: z.string().min(1).max(200), emails: z.array(z.string()).max(20), idempotencyKey: idempotencyKeySchema });

/** An owner asks members to review the brief (the service checks the role, the state and the members). */
export async function requestReviewAction(input: { briefId: string; emails: string[]; idempotencyKey: string }): Promise<ActionResult<ReviewRequested>> {
  const actor = await requireWebActor();
  return toActionResult(async () => (await requestReview(actor, parseOrThrow(argsSchema, input))).result);
}
