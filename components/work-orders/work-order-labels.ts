import type { BadgeTone } from "@/components/ui/badge";
import type { WorkOrderStatus } from "@/lib/work-orders/work-order-schema";

/** How each work-order status reads and looks. */
export const workOrderStatusLabels: Record<WorkOrderStatus, string> = {
  todo: "To do",
  in_progress: "In progress",
  in_review: "In review",
  done: "Done",
  blocked: "Blocked",
};

export const workOrderStatusTones: Record<WorkOrderStatus, BadgeTone> = {
  todo: "muted",
  in_progress: "progress",
  in_review: "info",
  done: "success",
  blocked: "danger",
};
