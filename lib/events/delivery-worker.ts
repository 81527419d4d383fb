import { subscribeLive } from "@/lib/live/live-hub";
import { observeRound } from "@/lib/observe/observe-round";
import { endOnShutdown, settleOnShutdown } from "@/lib/server/graceful-shutdown";
import { mailNotifications } from "@/lib/notifications/mail-notifications";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import { FAN_OUT_BATCH, fanOutEvents } from "./fan-out-events";
import { purgeOldEvents } from "./purge-old-events";

/** How often a quiet worker looks for due work: retries come due with time, not with a change. */
const IDLE_MS = 1_000;
/**
 * The least time from the start of one round to the start of the next that a change woke. Every
 * write wakes the worker; under a stream of writes, the wake-ups that come meanwhile make one round,
 * which fans all their events out at once, instead of a round each that competes with the writers
 * for the database (the embedded database runs one statement at a time). A worker that was quiet
 * for this long starts its round at once.
 */
export const MIN_ROUND_GAP_MS = 250;
/** How often it looks for digests that came due (a day after their oldest notification) with nothing new. */
const DIGEST_CHECK_MS = 60_000;
/** How often it deletes events older than their retention. */
const PURGE_MS = 3_600_000;

type Worker = { stop: () => void; stopped: Promise<void>; rounds: number };

// One worker per process, shared by the module copies a dev server may load.
const holder = globalThis as unknown as { __briefsDeliveryWorker?: Worker };

/**
 * The delivery worker every instance runs: it fans new outbox events out into deliveries and
 * notifications, sends the deliveries that are due and mails the notifications that are, then waits
 * for the next change this instance hears of (lib/live), or a second. Changes heard during a round
 * or the pause after it make one more round, not one each, and rounds that changes woke start at
 * least MIN_ROUND_GAP_MS apart; a round that had more to do than it took (a full batch, or
 * deliveries sent, after which each brief's next one may be due) is followed at once. Workers on
 * several instances share the work through the database (leases, SKIP LOCKED); one that starts
 * after a crash finds what was left at once, and what another had leased when it died comes due
 * again when the lease runs out. Stops taking work when shutdown begins.
 */
export function startDeliveryWorker(): void {
  if (holder.__briefsDeliveryWorker) return;
  let stopped = false;
  // A change was heard since the current round began: one more round is due, however many changes.
  let changed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = subscribeLive(() => {
    changed = true;
    wake?.();
  });
  const stop = () => {
    stopped = true;
    unsubscribe();
    wake?.();
  };
  endOnShutdown(stop);

  /** Waits `ms`; `untilChange`: or until a change is heard. Stopping ends either wait. */
  const pause = (ms: number, untilChange: boolean) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = () => {
        if (stopped || untilChange) done();
      };
    });

  const run = async (worker: Worker) => {
    let failures = 0;
    let mailCheckedAt = 0;
    let purgedAt = 0;
    while (!stopped) {
      const startedAt = Date.now();
      changed = false;
      worker.rounds += 1;
      let more = false;
      try {
        more = await observeRound("delivery", async () => {
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
          return fanned >= FAN_OUT_BATCH || sent > 0 || mailed > 0;
        });
        failures = 0;
      } catch (error) {
        failures += 1;
        // A database that is briefly away: say so once, then keep trying, more slowly.
        if (failures === 1) console.error("Delivering events failed; trying again:", error instanceof Error ? error.message : error);
      }
      if (more || stopped) continue;
      if (!changed) await pause(failures ? Math.min(IDLE_MS * 2 ** failures, 30_000) : IDLE_MS, true);
      const early = startedAt + MIN_ROUND_GAP_MS - Date.now();
      if (changed && early > 0 && !stopped) await pause(early, false);
    }
  };

  const worker: Worker = { stop, stopped: Promise.resolve(), rounds: 0 };
  worker.stopped = run(worker);
  // The database closes only after the round in progress has ended.
  settleOnShutdown(() => worker.stopped);
  holder.__briefsDeliveryWorker = worker;
}

/** Stops this process's worker and waits for its round in progress to end (tests start their own). */
export async function stopDeliveryWorker(): Promise<void> {
  const worker = holder.__briefsDeliveryWorker;
  if (!worker) return;
  worker.stop();
  await worker.stopped;
  holder.__briefsDeliveryWorker = undefined;
}

/** How many rounds this process's worker has begun: what a burst of writes costs it. */
export function deliveryWorkerRounds(): number {
  return holder.__briefsDeliveryWorker?.rounds ?? 0;
}
