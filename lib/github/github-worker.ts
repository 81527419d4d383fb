import { endOnShutdown, settleOnShutdown } from "@/lib/server/graceful-shutdown";
import { onGithubWorkerWake } from "./github-worker-wake";
import { postDueChecks } from "./post-due-checks";
import { observeRound } from "@/lib/observe/observe-round";
import { processDueDeliveries } from "./process-due-deliveries";

/** How often a quiet worker looks for due deliveries: retries come due with time, and other instances store deliveries too. */
const IDLE_MS = 1_000;

const holder = globalThis as unknown as { __briefsGithubWorker?: { stop: () => void } };

/**
 * The loop every instance runs (started by lib/server/start-server.ts beside the outbox's): it
 * processes the GitHub deliveries that are due and posts the checks that are due, then waits for the webhook route to store the next
 * one on this instance, or a second. Stops taking work when shutdown begins.
 */
export function startGithubWorker(): void {
  if (holder.__briefsGithubWorker) return;
  let stopped = false;
  let wake: (() => void) | undefined;
  const stop = () => {
    stopped = true;
    onGithubWorkerWake(undefined);
    wake?.();
  };
  holder.__briefsGithubWorker = { stop };
  onGithubWorkerWake(() => wake?.());
  endOnShutdown(stop);

  const stoppedLoop = (async () => {
    let failures = 0;
    while (!stopped) {
      let busy = false;
      try {
        busy = await observeRound("github", async () => {
          const processed = await processDueDeliveries();
          return (await postDueChecks()) > 0 || processed > 0;
        });
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1) console.error("Processing GitHub deliveries failed; trying again:", error instanceof Error ? error.message : error);
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
  // The database closes only after the round in progress has ended.
  settleOnShutdown(() => stoppedLoop);
}
