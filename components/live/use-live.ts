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
