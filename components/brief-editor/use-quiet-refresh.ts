"use client";

import { useCallback, useEffect, useRef } from "react";

/** How long after the person's own tick a refresh the live stream asks for waits. */
const AFTER_OWN_TICK_MS = 1_500;

/**
 * A live refresh that keeps out of the way of someone ticking rows in a row: each tick is confirmed
 * by its own answer, and the rows would otherwise be redrawn from fetched data between two of their
 * ticks. So while the person ticks, a refresh the stream asks for waits until they pause, and any
 * number of changes meanwhile cost one fetch.
 */
export function useQuietRefresh(refresh: () => void): { refreshWhenQuiet: () => void; noteOwnTick: () => void } {
  const lastTick = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refreshWhenQuiet = useCallback(() => {
    const wait = lastTick.current + AFTER_OWN_TICK_MS - Date.now();
    if (wait <= 0 && !timer.current) return refresh();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      refresh();
    }, Math.max(wait, 0));
  }, [refresh]);

  const noteOwnTick = useCallback(() => {
    lastTick.current = Date.now();
    // A refresh already waiting waits for this tick too.
    if (timer.current) refreshWhenQuiet();
  }, [refreshWhenQuiet]);

  return { refreshWhenQuiet, noteOwnTick };
}
