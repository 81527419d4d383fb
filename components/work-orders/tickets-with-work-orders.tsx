"use client";

import { listRowClassName, TicketFacts } from "@/components/brief-editor/read/section-body";
import type { GeneratedTicket } from "@/lib/briefs/schema";
import type { Trace } from "@/lib/trace/trace-schema";
import { untouchedWorkOrder } from "@/lib/work-orders/work-order-history";
import { TicketWorkOrder } from "./ticket-work-order";

/**
 * The generated tickets in read mode, each with its work order from the trace. A ticket the trace
 * does not know yet (the page data is a moment behind) shows as nobody has reported on it.
 */
export function TicketsWithWorkOrders({
  briefId,
  tickets,
  trace,
  canEdit,
  onChanged,
}: {
  briefId: string;
  tickets: GeneratedTicket[];
  trace: Trace;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const orders = new Map(trace.tickets.map((ticket) => [ticket.id, ticket.workOrder]));
  return (
    <ol className="space-y-3" data-testid="tickets">
      {tickets.map((ticket, index) => (
        <li key={`${index}-${ticket.id}`} className={listRowClassName} data-testid="ticket">
          <TicketFacts ticket={ticket} />
          <TicketWorkOrder
            briefId={briefId}
            ticketId={ticket.id}
            index={index}
            workOrder={orders.get(ticket.id) ?? untouchedWorkOrder(ticket.id)}
            canEdit={canEdit}
            onChanged={onChanged}
          />
        </li>
      ))}
    </ol>
  );
}
