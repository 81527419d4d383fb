import { getPrisma } from "@/lib/db/client";
import { wakeGithubWorker } from "./github-worker-wake";

export type DeliveryOutcome = { stored: true } | { stored: false; reason: "duplicate" | "not_connected" | "event_not_handled" };

/** The events this app acts on; GitHub sends others the App subscribed to, and they are answered and dropped. */
const HANDLED_EVENTS = new Set(["pull_request"]);

/**
 * Keeps a verified delivery for the worker (lib/github/github-worker.ts) and answers at once: a
 * delivery id seen before is not stored again (GitHub redelivers), and a delivery for a repository
 * no project has connected, or of an event this app does not act on, is not stored at all.
 */
export async function storeDelivery(delivery: { id: string; event: string; payload: Record<string, unknown> }): Promise<DeliveryOutcome> {
  if (!HANDLED_EVENTS.has(delivery.event)) return { stored: false, reason: "event_not_handled" };
  const repository = delivery.payload.repository as { full_name?: unknown } | undefined;
  const fullName = typeof repository?.full_name === "string" ? repository.full_name.toLowerCase() : null;
  const prisma = await getPrisma();
  if (!fullName || !(await prisma.githubRepository.findFirst({ where: { fullName }, select: { id: true } }))) return { stored: false, reason: "not_connected" };
  const action = typeof delivery.payload.action === "string" ? delivery.payload.action : null;
  const inserted = await prisma.$executeRawUnsafe(
    `INSERT INTO "GithubDelivery" (id, event, action, "fullName", payload) VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (id) DO NOTHING`,
    delivery.id,
    delivery.event,
    action,
    fullName,
    JSON.stringify(delivery.payload),
  );
  if (inserted === 0) return { stored: false, reason: "duplicate" };
  wakeGithubWorker();
  return { stored: true };
}
