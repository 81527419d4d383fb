/**
 * Why this server could not start serving, when the cause will not go away by itself (a migration
 * that fails): kept for /api/health to name, so an operator sees it without reading the log.
 */
export type StartupFailure = { migration: string; message: string };

const holder = globalThis as unknown as { __briefsStartupFailure?: StartupFailure };

export function recordStartupFailure(failure: StartupFailure): void {
  holder.__briefsStartupFailure = failure;
}

export function startupFailure(): StartupFailure | undefined {
  return holder.__briefsStartupFailure;
}
