"use client";

import { useCallback, useEffect, useRef } from "react";
import type { PageDataWire } from "@/lib/live/page-data-wire";

/** How long after the person's own tick a refresh the live stream asks for waits. */
const AFTER_OWN_TICK_MS = 1_500;

/**
 * A live refresh that keeps out of the way of someone ticking rows in a row: each tick is confirmed
 * by its own answer, and the rows would otherwise be redrawn from fetched data between two of their
 * ticks. So while the person ticks, a refresh the stream asks for waits until they pause, and any
 * number of changes meanwhile cost one fetch (or none, when the stream brought the newest data).
 */
export function useQuietRefresh(refresh: () => void, accept: (pushed: PageDataWire) => void): { refreshWhenQuiet: (pushed?: PageDataWire) => void; noteOwnTick: () => void } {
  const lastTick = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What the waiting refresh will show: the data the stream brought, or nothing (then it fetches).
  const waiting = useRef<PageDataWire | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refreshWhenQuiet = useCallback(
    (pushed?: PageDataWire) => {
      const wait = lastTick.current + AFTER_OWN_TICK_MS - Date.now();
      if (wait <= 0 && !timer.current) return pushed ? accept(pushed) : refresh();
      // A change without data while data waits means newer data exists than what waits: fetch it then.
      if (!timer.current) waiting.current = pushed;
      else if (!pushed || (waiting.current && pushed.changeSeq > waiting.current.changeSeq)) waiting.current = pushed;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const data = waiting.current;
        waiting.current = undefined;
        if (data) accept(data);
        else refresh();
      }, Math.max(wait, 0));
    },
    [refresh, accept],
  );

  const noteOwnTick = useCallback(() => {
    lastTick.current = Date.now();
    // A refresh already waiting waits for this tick too, keeping what it will show.
    if (timer.current) refreshWhenQuiet(waiting.current);
  }, [refreshWhenQuiet]);

  return { refreshWhenQuiet, noteOwnTick };
}
