import { updateWorkOrder } from "@/lib/work-orders/update-work-order";
import { updateWorkOrderArgsSchema } from "@/lib/work-orders/work-order-schema";
import { z } from "zod";
import { writeTool } from "../define-tool";

export const briefWorkOrderUpdateTool = writeTool({
  name: "brief_work_order_update",
  title: "Report on a ticket",
  description: "Claims a generated ticket or reports its status, with links to its issue, pull request or commits. Each call is kept in workOrders.",
  inputSchema: updateWorkOrderArgsSchema,
  outputSchema: z.strictObject({ workOrder: z.looseObject({}), item: z.looseObject({}) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  risk: "low",
  confirmation: "implicit",
  errors: ["BRIEF_STATE_CONFLICT"],
  handler: (actor, args) => updateWorkOrder(actor, args),
});
