/**
 * When a failed delivery is tried again (docs/operations.md#events-and-delivery): about 5 s after
 * the first attempt, then 1 min, 5 min, 30 min and 2 h, then every 5 h, each ±20 % so that many
 * deliveries failing together do not come back together — until 24 hours after the delivery was
 * made (or redelivered). An endpoint that has failed every attempt for 3 days is disabled.
 */
const DELAYS_MS = [5_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
const THEN_EVERY_MS = 5 * 3_600_000;

export const RETRY_WINDOW_MS = 24 * 3_600_000;
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
/** How long a worker holds a delivery it is sending; one that died lets go when this passes. */
export const LEASE_MS = 30_000;

/** The next attempt after the `failedAttempts`-th failure (1 = the first attempt failed). */
export function nextAttemptAt(failedAttempts: number, now: Date, random: () => number = Math.random): Date {
  const base = DELAYS_MS[failedAttempts - 1] ?? THEN_EVERY_MS;
  const jitter = 0.8 + 0.4 * random();
  return new Date(now.getTime() + Math.round(base * jitter));
}
