"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime, formatLocalDateTime, formatRelative } from "./date-format";

/**
 * "3 minutes ago", with the exact local date and time in the title. The server renders the exact
 * UTC time (it knows neither the reader's clock nor time zone); the browser switches to the
 * relative form after hydration and keeps it fresh.
 */
export function RelativeTime({ value, fallback = "—" }: { value: string | null; fallback?: string }) {
  const now = useSyncExternalStore(subscribeToClock, readClock, () => null);
  if (!value) return <span>{fallback}</span>;
  const date = new Date(value);
  if (now === null) {
    return (
      <time dateTime={value} title={formatDateTime(value)}>
        {formatDateTime(value)}
      </time>
    );
  }
  return (
    <time dateTime={value} title={formatLocalDateTime(date)}>
      {formatRelative(date.getTime() - now)}
    </time>
  );
}

// One shared clock for every RelativeTime on the page, ticking while any is mounted.
let clock = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function readClock(): number {
  if (!clock) clock = Date.now();
  return clock;
}

function subscribeToClock(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!timer) {
    clock = Date.now();
    timer = setInterval(() => {
      clock = Date.now();
      listeners.forEach((l) => l());
    }, 30_000);
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
