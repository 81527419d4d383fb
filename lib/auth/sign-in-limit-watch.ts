import { AsyncLocalStorage } from "node:async_hooks";

/**
 * next-auth calls the Credentials `authorize` deep inside its own handling and turns any refusal
 * into a generic failure (a redirect, or an AuthError in a server action). `authorize` reports a
 * rate-limit refusal here, and the door that called next-auth reads it afterwards to answer as a
 * refusal should: 429 with Retry-After, or the sign-in page's message saying when to retry.
 */
const watches = new AsyncLocalStorage<{ retryAfterSeconds?: number }>();

export function reportSignInRefusal(retryAfterSeconds: number): void {
  const watch = watches.getStore();
  if (watch) watch.retryAfterSeconds = retryAfterSeconds;
}

export function watchSignInLimit(): { run<T>(work: () => Promise<T>): Promise<T>; retryAfterSeconds(): number | undefined } {
  const watch: { retryAfterSeconds?: number } = {};
  return {
    run: (work) => watches.run(watch, work),
    retryAfterSeconds: () => watch.retryAfterSeconds,
  };
}
