import type { Sql } from "@/lib/db/sql";
import type { WorkOrderEntry } from "./work-order-history";
import { workOrdersOf } from "./work-order-history";
import type { WorkOrder } from "./work-order-schema";

/** The entries of one ticket, or of every ticket, oldest first. */
export async function loadWorkOrderEntries(sql: Sql, briefId: string, ticketId?: string): Promise<WorkOrderEntry[]> {
  const rows = await sql.query<{ data: unknown; createdAt: Date | string }>(
    `SELECT data, "createdAt" FROM "BriefItem"
      WHERE "briefId" = $1 AND collection = 'workOrders' AND status IS NOT NULL ${ticketId === undefined ? "" : "AND data->>'ticketId' = $2"}
      ORDER BY seq`,
    ticketId === undefined ? [briefId] : [briefId, ticketId],
  );
  return rows.map((row) => ({ ...(typeof row.data === "string" ? JSON.parse(row.data) : row.data), createdAt: new Date(row.createdAt).toISOString() }) as WorkOrderEntry);
}

export async function loadWorkOrders(sql: Sql, briefId: string): Promise<Map<string, WorkOrder>> {
  return workOrdersOf(await loadWorkOrderEntries(sql, briefId));
}
