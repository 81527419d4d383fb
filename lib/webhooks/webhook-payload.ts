import type { LeasedDelivery } from "./lease-deliveries";

/**
 * The body of a delivery: small, and without section text. The event's kind, when it happened, the
 * project and brief it concerns with the brief's version after the change, who made it, the event's
 * own facts (ids, a state, a decision) and links. The receiver reads the rest through the API.
 */
export function webhookPayload(event: LeasedDelivery["event"], origin: string): string {
  const { projectId, briefId } = event;
  const facts = event.data && typeof event.data === "object" ? (event.data as Record<string, unknown>) : {};
  return JSON.stringify({
    type: event.type,
    timestamp: new Date(event.createdAtMs).toISOString(),
    data: {
      ...facts,
      projectId,
      ...(briefId && { briefId, versionNum: event.versionNum }),
      actor: { userId: event.actorId, label: event.actorLabel },
      links: {
        project: `${origin}/projects/${projectId}`,
        ...(briefId && { brief: `${origin}/projects/${projectId}/briefs/${briefId}`, resource: `brief://${briefId}`, mcp: `${origin}/api/mcp` }),
      },
    },
  });
}
