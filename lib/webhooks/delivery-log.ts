import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes, writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { uuid7 } from "@/lib/db/uuid7";
import { accessDenied, DomainError } from "@/lib/errors";
import { TEST_EVENT_TYPE } from "@/lib/events/event-types";
import { findOwnedEndpoint } from "./manage-webhooks";
import { RETRY_WINDOW_MS } from "./retry-schedule";

export const DELIVERY_LOG_SIZE = 50;

export type DeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  briefId: string | null;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
};

/** An endpoint's newest deliveries with the outcome of each one's latest attempt, for its owners. */
export async function listDeliveries(actor: Actor, endpointId: string): Promise<DeliveryView[]> {
  requireScopes(actor, readScopes);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    if (actor.door === "mcp") throw accessDenied();
    const endpoint = await findOwnedEndpoint(tx, actor, endpointId);
    const rows = await tx.webhookDelivery.findMany({
      where: { endpointId: endpoint.id },
      include: { event: { select: { type: true } } },
      orderBy: [{ createdAt: "desc" }, { eventSeq: "desc" }],
      take: DELIVERY_LOG_SIZE,
    });
    return rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      eventType: row.event.type,
      briefId: row.briefId,
      status: row.status as DeliveryView["status"],
      attempts: row.attempts,
      responseStatus: row.responseStatus,
      latencyMs: row.latencyMs,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    }));
  });
}

/** Sends a delivery again now, under the event's same id, with a fresh 24 hours of retries. */
export async function redeliver(actor: Actor, deliveryId: string, now = new Date()): Promise<{ redelivered: true }> {
  requireScopes(actor, writeScopes);
  if (actor.door === "mcp") throw accessDenied();
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.findUnique({ where: { id: deliveryId } });
    if (!delivery) throw accessDenied();
    const endpoint = await findOwnedEndpoint(tx, actor, delivery.endpointId);
    if (!endpoint.enabled) throw new DomainError("VALIDATION_ERROR", "Turn the endpoint on first: nothing is sent to a disabled endpoint.", { issues: [{ path: "deliveryId", message: "the endpoint is disabled" }] });
    await tx.webhookDelivery.update({
      where: { id: delivery.id },
      data: { status: "pending", nextAttemptAt: now, retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS), leaseUntil: null },
    });
  });
  return { redelivered: true };
}

/**
 * Queues a `webhook.test` event for one endpoint: signed and sent like any other, so an owner sees
 * the endpoint answer (or not) in its log. It concerns no brief and goes to no other endpoint.
 */
export async function sendTestEvent(actor: Actor, endpointId: string, now = new Date()): Promise<{ eventId: string }> {
  requireScopes(actor, writeScopes);
  if (actor.door === "mcp") throw accessDenied();
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const endpoint = await findOwnedEndpoint(tx, actor, endpointId);
    if (!endpoint.enabled) throw new DomainError("VALIDATION_ERROR", "Turn the endpoint on first: nothing is sent to a disabled endpoint.", { issues: [{ path: "endpointId", message: "the endpoint is disabled" }] });
    const event = await tx.outboxEvent.create({
      data: { id: uuid7(now.getTime()), type: TEST_EVENT_TYPE, projectId: endpoint.projectId, actorId: actor.userId, actorLabel: actor.label, data: { test: true }, createdAt: now, fannedOutAt: now },
    });
    await tx.webhookDelivery.create({
      data: { id: uuid7(now.getTime()), endpointId: endpoint.id, eventId: event.id, eventSeq: event.seq, nextAttemptAt: now, retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS), createdAt: now },
    });
    return { eventId: event.id };
  });
}
