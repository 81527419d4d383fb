import client from "prom-client";
import { metrics, metricsOn } from "./metrics";

const holder = globalThis as unknown as { __briefsBackupGauge?: boolean };

/**
 * Where backups are scheduled (lib/backup/scheduled-backups.ts): the age of the last good one, read
 * when scraped, so an alert can fire when it grows past the interval. -1 while there is none yet.
 */
export function registerBackupAgeGauge(lastGoodAt: () => string | null): void {
  if (!metricsOn() || holder.__briefsBackupGauge) return;
  holder.__briefsBackupGauge = true;
  new client.Gauge({
    name: "briefs_backup_last_success_age_seconds",
    help: "Seconds since this instance's last good scheduled backup; -1 when there is none yet.",
    registers: [metrics().registry],
    collect() {
      const at = lastGoodAt();
      this.set(at ? Math.max(0, (Date.now() - Date.parse(at)) / 1000) : -1);
    },
  });
}
