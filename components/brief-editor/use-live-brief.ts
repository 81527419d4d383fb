"use client";

import { useEffect, useRef, useState } from "react";
import { useLiveMessages, useStreamStatus } from "@/components/live/use-live";
import type { PageDataWire } from "@/lib/live/page-data-wire";

export type LiveStatus = "live" | "signed-out" | "gone" | "offline";

/**
 * Keeps an open brief current: when the live stream says the brief changed past what the page
 * shows (`shownSeq`, its change count), `onChange` runs once for that change, with the page's data
 * when the stream brought it (else the page fetches the brief again; an editor with unsaved edits
 * shows them as changed elsewhere). When the stream (re)connects, changes may have been missed: the
 * page reads the brief's stamp and catches up.
 */
export function useLiveBrief(briefId: string, shownSeq: number, onChange: (pushed?: PageDataWire) => void): LiveStatus {
  const [checked, setChecked] = useState<LiveStatus>("live");
  const stream = useStreamStatus();
  const shownRef = useRef(shownSeq);
  const onChangeRef = useRef(onChange);
  // The newest change a refresh was started for, so one change is fetched once.
  const requestedRef = useRef(shownSeq);
  useEffect(() => {
    shownRef.current = shownSeq;
    onChangeRef.current = onChange;
  });

  const changedTo = (seq: number) => {
    if (seq <= shownRef.current || seq <= requestedRef.current) return;
    requestedRef.current = seq;
    onChangeRef.current();
  };

  useLiveMessages((message) => {
    if (message.kind === "brief" && message.briefId === briefId) {
      if (message.gone) setChecked("gone");
      else if (message.page && message.page.changeSeq > shownRef.current) {
        // Data in hand is shown even while a fetch for the same change runs: whichever is newer wins.
        requestedRef.current = Math.max(requestedRef.current, message.page.changeSeq);
        onChangeRef.current(message.page);
      } else changedTo(message.seq);
    } else if (message.kind === "sync" || message.kind === "access") {
      void fetch(`/api/briefs/${encodeURIComponent(briefId)}/stamp`, { cache: "no-store", headers: { Accept: "application/json" } }).then(
        async (response) => {
          if (response.status === 401) return setChecked("signed-out");
          if (response.status === 404) return setChecked("gone");
          if (!response.ok) return setChecked("offline");
          const body = (await response.json()) as { ok: boolean; data?: { changeSeq: number } };
          setChecked("live");
          if (body.ok && body.data) changedTo(body.data.changeSeq);
        },
        () => setChecked("offline"),
      );
    }
  });

  // A failed refresh (offline) is asked for again when the next change or sync arrives.
  useEffect(() => {
    if (stream === "offline") requestedRef.current = shownRef.current;
  }, [stream]);

  if (checked !== "live") return checked;
  if (stream === "signed-out") return "signed-out";
  if (stream === "offline") return "offline";
  return "live";
}
