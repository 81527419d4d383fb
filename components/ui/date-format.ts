/**
 * Every date the app shows is written by this module. Text rendered on the server uses one fixed
 * locale and time zone (UTC), so the server's HTML and the browser's first render agree; the
 * browser may then switch to the reader's own clock (see RelativeTime).
 */

const utcDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "21 Nov 2026, 06:01 UTC"; a value that is not a date string is shown as it is, or not at all. */
export function formatDateTime(iso: unknown): string {
  if (typeof iso !== "string") return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${utcDateTime.format(date)} UTC`;
}

/** The reader's own locale and time zone; only for text rendered in the browser. */
export function formatLocalDateTime(date: Date): string {
  return localDateTime.format(date);
}

const localDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/** "just now", "3 minutes ago", "in 2 days": a distance from now in the largest whole unit. */
export function formatRelative(deltaMs: number): string {
  if (Math.abs(deltaMs) < 45_000) return deltaMs > 0 ? "in a moment" : "just now";
  for (const [unit, size] of units) {
    if (Math.abs(deltaMs) >= size) return relativeFormat.format(Math.round(deltaMs / size), unit);
  }
  return relativeFormat.format(Math.round(deltaMs / 60_000), "minute");
}

/**
 * A form's date picker gives a calendar day ("2026-12-31"); an expiry chosen that way lasts until
 * the end of that day on the reader's clock. Moves `from` (the day) to `to` (the ISO time) in `form`.
 */
export function endOfPickedDay(form: FormData, from: string, to: string): void {
  const day = String(form.get(from) ?? "");
  form.delete(from);
  if (!day) return;
  const [y, m, d] = day.split("-").map(Number);
  form.set(to, new Date(y, m - 1, d, 23, 59, 59, 999).toISOString());
}
