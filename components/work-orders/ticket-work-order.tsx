"use client";

import type { WorkOrder } from "@/lib/work-orders/work-order-schema";
import { useWorkOrderUpdate } from "./use-work-order-update";
import { WorkOrderForm } from "./work-order-form";
import { WorkOrderSummary } from "./work-order-summary";

/**
 * A ticket's work order under the ticket, and for those who may change it a disclosure with the
 * form. What the server stored shows at once, until the page data has caught up with it.
 */
export function TicketWorkOrder({
  briefId,
  ticketId,
  index,
  workOrder,
  canEdit,
  onChanged,
}: {
  briefId: string;
  ticketId: string;
  index: number;
  workOrder: WorkOrder;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const { update, pending, error, stored } = useWorkOrderUpdate(briefId, ticketId, onChanged);
  const shown = stored && stored.entries > workOrder.entries ? stored : workOrder;
  return (
    <div className="mt-2 space-y-2 border-t border-slate-200 pt-2">
      <WorkOrderSummary workOrder={shown} />
      {canEdit && (
        <details data-proof-controls className="group print:hidden">
          <summary className="cursor-pointer text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">Update work order</summary>
          <div className="mt-2">
            <WorkOrderForm
              key={`${shown.entries}-${shown.updatedAt}`}
              idPrefix={`work-order-${index}`}
              ticketId={ticketId}
              workOrder={shown}
              pending={pending}
              error={error}
              onSubmit={update}
            />
          </div>
        </details>
      )}
    </div>
  );
}
