import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { deliveryWorkerRounds, MIN_ROUND_GAP_MS, startDeliveryWorker, stopDeliveryWorker } from "@/lib/events/delivery-worker";
import { startChangeFeed } from "@/lib/live/change-feed";
import { createWebhook } from "@/lib/webhooks/manage-webhooks";
import { newBrief, update } from "../support/briefs";
import { newProject, newUser } from "../support/fixtures";
import { webhookReceiver } from "../support/webhook-receiver";

process.env.BRIEFS_WEBHOOK_ALLOW_LOOPBACK = "1";

const BURST = 40;

async function unfannedEvents(): Promise<number> {
  const prisma = await getPrisma();
  return prisma.outboxEvent.count({ where: { fannedOutAt: null } });
}

/**
 * The delivery worker as an instance runs it (lib/events/delivery-worker.ts), woken by the changes
 * this process hears: an idle worker sends a change's delivery within a second, and a burst of writes
 * costs it a few rounds, not one per write — on the embedded database every round's statements
 * wait their turn among the writers'.
 */
describe(`the delivery worker's rounds on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    owner = await newUser("Wendy");
    receiver = await webhookReceiver();
    await startChangeFeed();
    startDeliveryWorker();
  });
  afterAll(async () => {
    await stopDeliveryWorker();
    await (await startChangeFeed()).close();
    await receiver.stop();
  });

  /** Until the worker has fanned out everything and begun a round after that: it is idle. */
  async function idle(): Promise<void> {
    await expect.poll(unfannedEvents, { timeout: 10_000, interval: 20 }).toBe(0);
    const rounds = deliveryWorkerRounds();
    await expect.poll(deliveryWorkerRounds, { timeout: 10_000, interval: 20 }).toBeGreaterThan(rounds);
  }

  it("starts an idle instance's delivery within a second of the change", async () => {
    const projectId = await newProject(owner, "Prompt");
    await createWebhook(owner, { projectId, url: receiver.url() });
    const brief = await newBrief(owner, projectId, undefined, "Watched");
    await expect.poll(() => receiver.received.some((r) => JSON.parse(r.body).data.briefId === brief.id), { timeout: 10_000, interval: 20 }).toBe(true);
    await idle();

    await update(owner, { briefId: brief.id, content: { goal: "Sent at once" } });
    const written = Date.now();
    const updated = () => receiver.received.some((r) => JSON.parse(r.body).type === "brief.version_created" && JSON.parse(r.body).data.briefId === brief.id);
    // The deadline is a second from the write's commit, whatever the wait so far took.
    await expect.poll(updated, { timeout: Math.max(0, written + 1_000 - Date.now()), interval: 10 }).toBe(true);
  });

  it("runs a bounded number of rounds for a burst of writes, however many writes wake it", async () => {
    const projectId = await newProject(owner, "Busy");
    const briefs = await Promise.all(Array.from({ length: 4 }, (_, i) => newBrief(owner, projectId, undefined, `Busy ${i}`)));
    await idle();

    const before = deliveryWorkerRounds();
    const started = Date.now();
    // One write after another, as fast as the database takes them, round the four briefs: each wakes the worker.
    for (let i = 0; i < BURST; i++) await update(owner, { briefId: briefs[i % briefs.length].id, content: { goal: `Write ${i}` } });
    await expect.poll(unfannedEvents, { timeout: 10_000, interval: 20 }).toBe(0);
    const elapsed = Date.now() - started;
    const rounds = deliveryWorkerRounds() - before;
    // One round at the start of the burst, one per gap while it lasts, one for what came in the last gap.
    expect(rounds).toBeLessThanOrEqual(Math.ceil(elapsed / MIN_ROUND_GAP_MS) + 2);
    expect(rounds).toBeLessThan(BURST);
  });
});
