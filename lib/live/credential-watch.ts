import { subscribeLive } from "./live-hub";

/**
 * How often a long-lived stream checks its credential without being told to: the bound on how long
 * it outlives a session or token that ended unannounced (it expired, or an announcement was missed
 * while the database listener reconnected).
 */
export const CREDENTIAL_RECHECK_MS = 5 * 60_000;

/**
 * Keeps a stream from outliving the credential it was opened with (a browser session, an API or
 * OAuth token): `stillValid` is asked whenever one of the person's credentials ends (a `credentials`
 * event) and every CREDENTIAL_RECHECK_MS, and `end` runs once it says no, or cannot say. Returns
 * the function that stops watching.
 */
export function watchCredential(userId: string, stillValid: () => Promise<boolean>, end: () => void): () => void {
  let watching = true;
  let checking = false;
  const check = () => {
    if (!watching || checking) return;
    checking = true;
    stillValid().then(
      (valid) => {
        checking = false;
        if (watching && !valid) end();
      },
      () => {
        checking = false;
        if (watching) end();
      },
    );
  };
  const unsubscribe = subscribeLive((event) => {
    if (event.kind === "credentials" && event.userId === userId) check();
  });
  // Spread over the interval, so streams opened together do not all ask at once.
  const timer = setInterval(check, CREDENTIAL_RECHECK_MS * (0.8 + Math.random() * 0.4));
  timer.unref?.();
  return () => {
    watching = false;
    unsubscribe();
    clearInterval(timer);
  };
}
