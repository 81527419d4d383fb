"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useTransition } from "react";

/**
 * Fetches the page's data again (router.refresh), one refresh at a time. Next shows a refresh only
 * if no newer one started meanwhile, so refreshes asked for faster than one completes (a burst of
 * changes elsewhere) would never show: asked while one runs, one more follows it, whatever number
 * was asked.
 */
export function usePageRefresh(): () => void {
  const router = useRouter();
  const [running, startRefresh] = useTransition();
  const runningRef = useRef(false);
  const again = useRef(false);

  const refresh = useCallback(() => {
    if (runningRef.current) {
      again.current = true;
      return;
    }
    runningRef.current = true;
    startRefresh(() => router.refresh());
  }, [router]);

  useEffect(() => {
    runningRef.current = running;
    if (!running && again.current) {
      again.current = false;
      refresh();
    }
  }, [running, refresh]);

  return refresh;
}
