"use server";

import type { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toActionResult } from "@/lib/web/action-result";
import { updateWorkOrder } from "@/lib/work-orders/update-work-order";
import { updateWorkOrderArgsSchema } from "@/lib/work-orders/work-order-schema";

/** A ticket's controls: one entry in its work-order history; answers the work order it makes. */
export async function updateWorkOrderAction(input: z.input<typeof updateWorkOrderArgsSchema>) {
  const actor = await requireWebActor();
  return toActionResult(async () => (await updateWorkOrder(actor, parseOrThrow(updateWorkOrderArgsSchema, input))).result.workOrder);
}
