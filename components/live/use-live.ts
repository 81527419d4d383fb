"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { liveConnection, type LiveMessage, type StreamStatus } from "./live-connection";

/** Calls `onMessage` with every live message while the component is mounted. */
export function useLiveMessages(onMessage: (message: LiveMessage) => void): void {
  const ref = useRef(onMessage);
  useEffect(() => {
    ref.current = onMessage;
  });
  useEffect(() => liveConnection().subscribe((message) => ref.current(message)), []);
}

const subscribeStatus = (onChange: () => void) => liveConnection().onStatus(onChange);
const currentStatus = () => liveConnection().status;
const serverStatus = (): StreamStatus => "connecting";

/** The state of the browser's live stream. */
export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(subscribeStatus, currentStatus, serverStatus);
}

/**
 * Runs `run` once for a burst of live messages that `matches`: `settleMs` after the first of them,
 * so the changes of a burst (a row of ticks, many people at work) cost one read.
 */
export function useLiveSettled(matches: (message: LiveMessage) => boolean, settleMs: number, run: () => void): void {
  const runRef = useRef(run);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    runRef.current = run;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveMessages((message) => {
    if (!matches(message) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      runRef.current();
    }, settleMs);
  });
}
