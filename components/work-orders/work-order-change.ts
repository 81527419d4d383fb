import { workOrderStatuses, type WorkOrder, type WorkOrderStatus } from "@/lib/work-orders/work-order-schema";
import type { WorkOrderChange } from "./use-work-order-update";

export type WorkOrderFields = { status: string; assignee: string; linkLabel: string; linkUrl: string; note: string };

/**
 * What the ticket's form asks for, from what was typed. An emptied "who is on it" clears the
 * assignee; left empty on a ticket nobody is on, it is not sent, so starting work makes the person
 * the assignee (the service's rule). A link needs both its label and its address.
 */
export function workOrderChangeOf(before: WorkOrder, fields: WorkOrderFields): { change: WorkOrderChange } | { problem: string } {
  if (!(workOrderStatuses as readonly string[]).includes(fields.status)) return { problem: "Choose a status." };
  const assignee = fields.assignee.trim();
  const label = fields.linkLabel.trim();
  const url = fields.linkUrl.trim();
  if ((label === "") !== (url === "")) return { problem: "A link needs both a label and an address." };
  const note = fields.note.trim();
  return {
    change: {
      status: fields.status as WorkOrderStatus,
      ...(assignee === "" ? before.assignee !== null && { assignee: null } : assignee !== before.assignee && { assignee }),
      ...(label !== "" && { links: [{ label, url }] }),
      ...(note !== "" && { note }),
    },
  };
}
