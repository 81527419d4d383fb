"use client";

import { useEffect, useRef, useState } from "react";

type Stamp = { versionNum: number; state: string; title: string; updatedAt: string };
export type LiveStatus = "live" | "signed-out" | "gone" | "offline";

const POLL_MS = 2000;

function keyOf(stamp: Stamp): string {
  return `${stamp.versionNum}|${stamp.state}|${stamp.title}|${stamp.updatedAt}`;
}

/**
 * Polls the brief's stamp about every two seconds (while the tab is visible) and calls `onChange`
 * once per new stamp that differs from what the page shows. Cheap by design: no content travels.
 */
export function useLiveStamp(briefId: string, shown: Stamp, onChange: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("live");
  const shownRef = useRef(shown);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    shownRef.current = shown;
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A stamp already asked for is not asked again soon, however long the refresh takes.
    let requested: { key: string; at: number } | null = null;
    const tick = async () => {
      if (document.visibilityState === "visible") {
        try {
          const response = await fetch(`/api/briefs/${encodeURIComponent(briefId)}/stamp`, { cache: "no-store", headers: { Accept: "application/json" } });
          if (response.status === 401) setStatus("signed-out");
          else if (response.status === 404) setStatus("gone");
          else if (response.ok) {
            const body = (await response.json()) as { ok: boolean; data?: Stamp };
            setStatus("live");
            if (body.ok && body.data) {
              const key = keyOf(body.data);
              const now = Date.now();
              if (key !== keyOf(shownRef.current) && (key !== requested?.key || now - requested.at > 10_000)) {
                requested = { key, at: now };
                onChangeRef.current();
              }
            }
          } else setStatus("offline");
        } catch {
          setStatus("offline");
        }
      }
      if (!stopped) timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [briefId]);

  return status;
}
