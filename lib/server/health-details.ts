import { backupStatus } from "@/lib/backup/scheduled-backups";
import { startupFailure } from "./startup-failure";

export type HealthDetails = {
  startup?: { failedMigration: string; message: string };
  backups?: { lastGoodAt: string | null; lastFailure: { at: string; message: string } | null; every: string; keep: number; running: boolean };
};

/**
 * The parts of /api/health's answer beyond the verdict, present only when there is something to
 * say: no versions, no paths and no data, since the route answers anyone.
 */
export function healthDetails(): HealthDetails | undefined {
  const details: HealthDetails = {};
  const failure = startupFailure();
  // The database's own words may quote rows: they stay in the log.
  if (failure) details.startup = { failedMigration: failure.migration, message: `Migration ${failure.migration} failed and was rolled back; the data is as it was. The server log has the cause.` };
  const backups = backupStatus();
  if (backups) {
    details.backups = {
      lastGoodAt: backups.lastGoodAt,
      lastFailure: backups.lastFailure && { at: backups.lastFailure.at, message: withoutPaths(backups.lastFailure.message) },
      every: `${Math.round(backups.everyMs / 1000)}s`,
      keep: backups.keep,
      running: backups.running,
    };
  }
  return Object.keys(details).length ? details : undefined;
}

/** Where the server keeps its files is no business of whoever asks. */
function withoutPaths(message: string): string {
  return message.replace(/(?:\/[\w.@+-]+)+\/?/g, "[path]").slice(0, 300);
}
