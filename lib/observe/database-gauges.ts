import client from "prom-client";
import { getPrisma } from "@/lib/db/client";
import { PRESENCE_WINDOW_MS } from "@/lib/live/presence/presence-window";
import { metrics } from "./metrics";
import { watchedPool } from "./observe-database";

const holder = globalThis as unknown as { __briefsDatabaseGauges?: boolean };

/**
 * Gauges read from the database when Prometheus scrapes, so every instance reports the same
 * shared backlog, whoever made it. A scrape while the database is down reports nothing for them
 * (the HTTP and process metrics still come).
 */
export function registerDatabaseGauges(): void {
  if (holder.__briefsDatabaseGauges) return;
  holder.__briefsDatabaseGauges = true;
  const { registry } = metrics();
  let reading: Promise<Backlog | undefined> | undefined;
  // One read serves the gauges of one scrape.
  const backlog = () => {
    reading ??= readBacklog().finally(() => setTimeout(() => (reading = undefined), 0));
    return reading;
  };
  new client.Gauge({
    name: "briefs_outbox_backlog_events",
    help: "Outbox events not yet fanned out into deliveries and notifications (all instances share it).",
    registers: [registry],
    async collect() {
      const read = await backlog();
      if (read) this.set(read.events);
    },
  });
  new client.Gauge({
    name: "briefs_outbox_oldest_event_age_seconds",
    help: "Age of the oldest event not yet fanned out; 0 when there is none.",
    registers: [registry],
    async collect() {
      const read = await backlog();
      if (read) this.set(read.oldestAgeSeconds);
    },
  });
  new client.Gauge({
    name: "briefs_webhook_deliveries_pending",
    help: "Webhook deliveries waiting for their first attempt or a retry.",
    registers: [registry],
    async collect() {
      const read = await backlog();
      if (read) this.set(read.pendingDeliveries);
    },
  });
  new client.Gauge({
    name: "briefs_presence_people",
    help: "People shown as present on a brief (seen within the presence window), across instances.",
    registers: [registry],
    async collect() {
      const read = await backlog();
      if (read) this.set(read.present);
    },
  });
  new client.Gauge({
    name: "briefs_db_pool_connections",
    help: "This instance's PostgreSQL pool: connections in total, idle, and requests waiting for one (absent on the embedded database).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = watchedPool();
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}

type Backlog = { events: number; oldestAgeSeconds: number; pendingDeliveries: number; present: number };

async function readBacklog(): Promise<Backlog | undefined> {
  try {
    const prisma = await getPrisma();
    const now = Date.now();
    const [outbox, pendingDeliveries, present] = await Promise.all([
      prisma.outboxEvent.aggregate({ where: { fannedOutAt: null }, _count: { _all: true }, _min: { createdAt: true } }),
      prisma.webhookDelivery.count({ where: { status: "pending" } }),
      prisma.presence.count({ where: { seenAt: { gt: new Date(now - PRESENCE_WINDOW_MS) } } }),
    ]);
    const oldest = outbox._min.createdAt;
    return {
      events: outbox._count._all,
      oldestAgeSeconds: oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0,
      pendingDeliveries,
      present,
    };
  } catch {
    return undefined;
  }
}
