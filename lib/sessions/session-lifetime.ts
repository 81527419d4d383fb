/**
 * How long a web session lives. It ends after SESSION_IDLE_DAYS without use; while in use it is
 * renewed, at most once per SESSION_RENEW_AFTER_MS so that a busy page does not write on every
 * request.
 */
export const SESSION_IDLE_DAYS = 7;
export const SESSION_MAX_AGE_SECONDS = SESSION_IDLE_DAYS * 24 * 60 * 60;
export const SESSION_RENEW_AFTER_MS = 60 * 60 * 1000;

export function sessionExpiry(from: Date): Date {
  return new Date(from.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
}
