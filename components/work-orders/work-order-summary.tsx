import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/date-format";
import { NewTabLink } from "@/components/ui/new-tab-link";
import type { WorkOrder } from "@/lib/work-orders/work-order-schema";
import { workOrderStatusLabels, workOrderStatusTones } from "./work-order-labels";

/** A ticket's work order as everyone sees it: its status, who is on it, its links and latest note. */
export function WorkOrderSummary({ workOrder }: { workOrder: WorkOrder }) {
  return (
    <div className="space-y-1 text-sm" data-testid="work-order">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="sr-only">Work order status:</span>
        <Badge tone={workOrderStatusTones[workOrder.status]}>{workOrderStatusLabels[workOrder.status]}</Badge>
        <span className="min-w-0 text-slate-700" data-testid="work-order-assignee">
          {workOrder.assignee ? <>On it: {workOrder.assignee}</> : "Nobody is on it yet"}
        </span>
      </p>
      {workOrder.links.length > 0 && (
        <ul aria-label={`Links of ticket ${workOrder.ticketId}`} className="flex flex-wrap gap-x-3 gap-y-1">
          {workOrder.links.map((link) => (
            <li key={link.url} className="min-w-0 max-w-full">
              <NewTabLink href={link.url} className="font-medium break-all text-indigo-700 underline">
                {link.label}
              </NewTabLink>{" "}
              <span className="text-xs break-all text-slate-500">{displayUrl(link.url)}</span>
            </li>
          ))}
        </ul>
      )}
      {workOrder.note && <p className="whitespace-pre-wrap text-slate-700">Note: {workOrder.note}</p>}
      {workOrder.updatedBy && (
        <p className="text-xs text-slate-500">
          Updated by {workOrder.updatedBy}
          {workOrder.updatedAt ? ` at ${formatDateTime(workOrder.updatedAt)}` : ""}
        </p>
      )}
    </div>
  );
}

/** The address without its scheme, short enough to scan. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, "");
}
