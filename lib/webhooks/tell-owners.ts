import { getPrisma, getSql } from "@/lib/db/client";
import { storeNotifications } from "@/lib/notifications/notify-for-events";

/**
 * Tells the project's owners that an endpoint was turned off after 3 days of failures: a
 * notification each (their bell, their inbox, and mail as they chose, with its unsubscribe link).
 */
export async function tellOwnersEndpointDisabled(endpointId: string, now = new Date()): Promise<void> {
  const prisma = await getPrisma();
  const endpoint = await prisma.webhookEndpoint.findUnique({
    where: { id: endpointId },
    include: { project: { include: { memberships: { where: { role: "owner" }, select: { userId: true } } } } },
  });
  if (!endpoint) return;
  // One "event" per turning off: the endpoint and the moment it happened.
  const eventId = `webhook-disabled:${endpoint.id}:${now.getTime()}`;
  const title = `Webhook to ${endpoint.url} in ${endpoint.project.name} turned off: every delivery failed for 3 days`;
  const drafts = endpoint.project.memberships.map(({ userId }) => ({ userId, kind: "webhook_disabled" as const, eventId, projectId: endpoint.projectId, briefId: null, title }));
  await storeNotifications(await getSql(), drafts, now);
}
