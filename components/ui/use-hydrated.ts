"use client";

import { useSyncExternalStore } from "react";

/**
 * False while the page is the server's HTML (and during hydration), true once React runs it; true
 * from the start for anything first rendered in the browser. For controls that only work with the
 * page's script: shown disabled until then, so nothing a person types or clicks early is lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

function subscribeToNothing(): () => void {
  return () => {};
}
