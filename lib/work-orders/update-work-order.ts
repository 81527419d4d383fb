import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { validationError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { insertBriefItem } from "@/lib/briefs/brief-items";
import { toCollectionItem, type CollectionItem } from "@/lib/briefs/collection-item";
import { assertWritable } from "@/lib/briefs/lock-brief";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import type { IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { loadWorkOrderEntries } from "./load-work-orders";
import { applyEntry, untouchedWorkOrder, type WorkOrderEntry } from "./work-order-history";
import { updateWorkOrderArgsSchema, type WorkOrder } from "./work-order-schema";

const TOOL = "brief_work_order_update";

/**
 * brief_work_order_update (docs/contract.md#work-orders): appends one entry to a ticket's history in
 * `workOrders` and returns the work order it makes. The ticket must be one of the current version's
 * generated tickets. Starting work without naming anyone makes the caller the assignee, so an agent's
 * claim is one call.
 */
export async function updateWorkOrder(actor: Actor, input: z.input<typeof updateWorkOrderArgsSchema>) {
  // Without the skip, an entry is always written.
  return appendWorkOrderEntry(actor, input, false) as Promise<IdempotentOutcome<{ workOrder: WorkOrder; item: CollectionItem }>>;
}

/**
 * The same write, skipped when the work order already has the status asked for: decided under the
 * brief's write lock, so two callers racing to mark a ticket done (a merged pull request delivered
 * to two instances) record it once. The result's `item` is null when nothing was written.
 */
export async function updateWorkOrderUnlessAlready(actor: Actor, input: z.input<typeof updateWorkOrderArgsSchema>) {
  return appendWorkOrderEntry(actor, input, true);
}

async function appendWorkOrderEntry(actor: Actor, input: z.input<typeof updateWorkOrderArgsSchema>, unlessAlready: boolean) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(updateWorkOrderArgsSchema, input);
  return runLockedWrite<{ workOrder: WorkOrder; item: CollectionItem | null }>(actor, TOOL, args, async ({ sql, batch, brief, now, events }) => {
    assertWritable(brief);
    if (!(brief.content.generatedTickets ?? []).some((ticket) => ticket.id === args.ticketId)) {
      throw validationError([{ path: "ticketId", message: `The brief has no generated ticket "${args.ticketId}".` }]);
    }
    const history = await loadWorkOrderEntries(sql, brief.row.id, args.ticketId);
    const before = history.reduce(applyEntry, untouchedWorkOrder(args.ticketId));
    if (unlessAlready && before.status === args.status) return { workOrder: before, item: null };
    const claims = args.assignee === undefined && before.assignee === null && args.status !== "todo";
    const data: Omit<WorkOrderEntry, "createdAt"> = {
      ticketId: args.ticketId,
      status: args.status,
      ...(claims ? { assignee: actor.label } : args.assignee !== undefined && { assignee: args.assignee }),
      ...(args.links && { links: args.links }),
      ...(args.note !== undefined && { note: args.note }),
      createdBy: actor.label,
    };
    const row = insertBriefItem(batch, { briefId: brief.row.id, seq: brief.nextSeq(), collection: "workOrders", data, createdById: actor.userId, now, status: args.status });
    batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
    events.push({ type: history.length ? "work_order.updated" : "work_order.created", data: { ticketId: args.ticketId, status: args.status, itemId: row.id } });
    const item = toCollectionItem(row);
    return { workOrder: applyEntry(before, { ...data, createdAt: item.createdAt }), item };
  });
}
