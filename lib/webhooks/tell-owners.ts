import { getPrisma } from "@/lib/db/client";
import { uuid7 } from "@/lib/db/uuid7";
import { notificationKinds } from "@/lib/notifications/notification-kinds";

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
  const owners = endpoint.project.memberships.map((m) => m.userId);
  const chosen = await prisma.notificationSetting.findMany({ where: { userId: { in: owners }, kind: "webhook_disabled" } });
  // One "event" per turning off: the endpoint and the moment it happened.
  const eventId = `webhook-disabled:${endpoint.id}:${now.getTime()}`;
  await prisma.notification.createMany({
    data: owners.map((userId) => ({
      id: uuid7(now.getTime()),
      userId,
      kind: "webhook_disabled",
      eventId,
      projectId: endpoint.projectId,
      title: `Webhook to ${endpoint.url} in ${endpoint.project.name} turned off: every delivery failed for 3 days`,
      createdAt: now,
      mail: chosen.find((c) => c.userId === userId)?.mail ?? notificationKinds.webhook_disabled.mail,
    })),
    skipDuplicates: true,
  });
}
