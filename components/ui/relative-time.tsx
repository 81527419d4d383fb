"use client";

import { useSyncExternalStore } from "react";

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
      <time dateTime={value} title={formatUtc(date)}>
        {formatUtc(date)}
      </time>
    );
  }
  return (
    <time dateTime={value} title={absoluteFormat.format(date)}>
      {formatRelative(date.getTime() - now)}
    </time>
  );
}

const absoluteFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

function formatRelative(deltaMs: number): string {
  if (Math.abs(deltaMs) < 45_000) return deltaMs > 0 ? "in a moment" : "just now";
  for (const [unit, size] of units) {
    if (Math.abs(deltaMs) >= size) return relativeFormat.format(Math.round(deltaMs / size), unit);
  }
  return relativeFormat.format(Math.round(deltaMs / 60_000), "minute");
}

function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
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
