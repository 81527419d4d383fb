import { subscribeLive } from "@/lib/live/live-hub";
import { endOnShutdown } from "@/lib/server/graceful-shutdown";
import { mailNotifications } from "@/lib/notifications/mail-notifications";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import { fanOutEvents } from "./fan-out-events";
import { purgeOldEvents } from "./purge-old-events";

/** How often a quiet worker looks for due work: retries come due with time, not with a change. */
const IDLE_MS = 1_000;
/** How often it looks for digests that came due (a day after their oldest notification) with nothing new. */
const DIGEST_CHECK_MS = 60_000;
/** How often it deletes events older than their retention. */
const PURGE_MS = 3_600_000;

// One worker per process, shared by the module copies a dev server may load.
const holder = globalThis as unknown as { __briefsDeliveryWorker?: { stop: () => void } };

/**
 * The delivery worker every instance runs: it fans new outbox events out into deliveries and
 * notifications, sends the deliveries that are due and mails the notifications that are, then waits for the next change this instance hears of (lib/live), or a
 * second. Workers on several instances share the work through the database (leases, SKIP LOCKED);
 * one that starts after a crash finds what was left at once, and what another had leased when it
 * died comes due again when the lease runs out. Stops taking work when shutdown begins.
 */
export function startDeliveryWorker(): void {
  if (holder.__briefsDeliveryWorker) return;
  let stopped = false;
  let wake: (() => void) | undefined;
  const unsubscribe = subscribeLive(() => wake?.());
  const stop = () => {
    stopped = true;
    unsubscribe();
    wake?.();
  };
  holder.__briefsDeliveryWorker = { stop };
  endOnShutdown(stop);

  void (async () => {
    let failures = 0;
    let mailCheckedAt = 0;
    let purgedAt = 0;
    while (!stopped) {
      let busy = false;
      try {
        const fanned = await fanOutEvents();
        const sent = await deliverDue();
        // New notifications are mailed at once; digests come due with time, so that is checked less often.
        const mailDue = fanned > 0 || Date.now() - mailCheckedAt >= DIGEST_CHECK_MS;
        const mailed = mailDue ? await mailNotifications() : 0;
        if (mailDue) mailCheckedAt = Date.now();
        if (Date.now() - purgedAt >= PURGE_MS) {
          purgedAt = Date.now();
          await purgeOldEvents();
        }
        busy = fanned > 0 || sent > 0 || mailed > 0;
        failures = 0;
      } catch (error) {
        failures += 1;
        // A database that is briefly away: say so once, then keep trying, more slowly.
        if (failures === 1) console.error("Delivering events failed; trying again:", error instanceof Error ? error.message : error);
      }
      if (busy || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, failures ? Math.min(IDLE_MS * 2 ** failures, 30_000) : IDLE_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();
}
