"use client";

import { useState } from "react";
import { refusalMessage, UNREACHABLE } from "@/components/refusal-message";
import { useIntentKeys } from "@/components/use-intent-keys";
import type { WorkOrder, WorkOrderLink, WorkOrderStatus } from "@/lib/work-orders/work-order-schema";
import { updateWorkOrderAction } from "./actions";

export type WorkOrderChange = { status: WorkOrderStatus; assignee?: string | null; links?: WorkOrderLink[]; note?: string };

/**
 * Sends one change of a ticket's work order, with one key per intended change: a retry after a
 * lost answer is applied once. The stored work order is shown at once (`stored`); the page data
 * follows with `onStored` (a refresh), which also brings the criteria's new statuses.
 */
export function useWorkOrderUpdate(briefId: string, ticketId: string, onStored: () => void) {
  const intents = useIntentKeys();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stored, setStored] = useState<WorkOrder | null>(null);

  const update = async (change: WorkOrderChange): Promise<boolean> => {
    setPending(true);
    setError(null);
    const intent = { briefId, ticketId, ...change };
    const result = await updateWorkOrderAction({ ...intent, idempotencyKey: intents.keyFor(intent) }).catch(() => null);
    setPending(false);
    if (!result) {
      setError(UNREACHABLE);
      return false;
    }
    intents.settle(intent);
    if (!result.ok) {
      setError(refusalMessage(result.error));
      return false;
    }
    setStored(result.data);
    onStored();
    return true;
  };

  return { update, pending, error, stored };
}
