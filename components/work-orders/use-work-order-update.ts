"use client";

import { useState } from "react";
import { useKeyedWrite } from "@/components/use-keyed-write";
import type { WorkOrder, WorkOrderLink, WorkOrderStatus } from "@/lib/work-orders/work-order-schema";
import { updateWorkOrderAction } from "./actions";

export type WorkOrderChange = { status: WorkOrderStatus; assignee?: string | null; links?: WorkOrderLink[]; note?: string };

/**
 * Sends one change of a ticket's work order, with one key per intended change: a retry after a
 * lost answer is applied once. The stored work order is shown at once (`stored`); the page data
 * follows with `onStored` (a refresh), which also brings the criteria's new statuses.
 */
export function useWorkOrderUpdate(briefId: string, ticketId: string, onStored: () => void) {
  const [stored, setStored] = useState<WorkOrder | null>(null);
  const { write, pending, error } = useKeyedWrite<WorkOrder>((workOrder) => {
    setStored(workOrder);
    onStored();
  });

  const update = (change: WorkOrderChange): Promise<boolean> => {
    const intent = { briefId, ticketId, ...change };
    return write(intent, (idempotencyKey) => updateWorkOrderAction({ ...intent, idempotencyKey }).catch(() => null));
  };

  return { update, pending, error, stored };
}
