// Shared by the module copies a server may load: the route that stores a delivery and the worker
// started at boot may come from different bundles of the same process.
const holder = globalThis as unknown as { __briefsGithubWorkerWake?: () => void };

/** Tells this process's worker that a delivery is waiting, so it does not wait for its next look. */
export function wakeGithubWorker(): void {
  holder.__briefsGithubWorkerWake?.();
}

export function onGithubWorkerWake(wake: (() => void) | undefined): void {
  holder.__briefsGithubWorkerWake = wake;
}
