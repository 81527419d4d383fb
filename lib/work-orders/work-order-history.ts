import type { WorkOrder, WorkOrderLink, WorkOrderStatus } from "./work-order-schema";

/** One entry of a ticket's history in `workOrders`, as stored (docs/contract.md#work-orders). */
export type WorkOrderEntry = {
  ticketId: string;
  status: WorkOrderStatus;
  assignee?: string | null;
  links?: WorkOrderLink[];
  note?: string;
  createdBy: string;
  createdAt: string;
};

/** A ticket nobody has reported on yet. */
export function untouchedWorkOrder(ticketId: string): WorkOrder {
  return { ticketId, status: "todo", assignee: null, links: [], note: null, updatedAt: null, updatedBy: null, entries: 0 };
}

/**
 * Folds one entry into a work order: the entry's status and note win, its assignee wins when it names
 * one (null clears), and its links join the earlier ones, each URL once.
 */
export function applyEntry(order: WorkOrder, entry: WorkOrderEntry): WorkOrder {
  const known = new Set(order.links.map((link) => link.url));
  const links = [...order.links, ...(entry.links ?? []).filter((link) => !known.has(link.url) && known.add(link.url))];
  return {
    ticketId: order.ticketId,
    status: entry.status,
    assignee: entry.assignee === undefined ? order.assignee : entry.assignee,
    links,
    note: entry.note ?? order.note,
    updatedAt: entry.createdAt,
    updatedBy: entry.createdBy,
    entries: order.entries + 1,
  };
}

/** Every ticket's work order, from its entries oldest first. Tickets without entries are absent. */
export function workOrdersOf(entries: readonly WorkOrderEntry[]): Map<string, WorkOrder> {
  const orders = new Map<string, WorkOrder>();
  for (const entry of entries) orders.set(entry.ticketId, applyEntry(orders.get(entry.ticketId) ?? untouchedWorkOrder(entry.ticketId), entry));
  return orders;
}
