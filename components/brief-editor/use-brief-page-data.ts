"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { mergePageData, type BriefPageData, type PageDataWire } from "@/lib/live/page-data-wire";

type Answer = { kind: "data"; data: BriefPageData } | { kind: "gone" } | { kind: "signed-out" } | { kind: "failed" };

/** The longest wait between two tries after the brief's data could not be fetched. */
const MAX_RETRY_MS = 30_000;

/**
 * The brief page's data, kept current without rendering the page again: `refetch` fetches the
 * brief's view as JSON (GET /api/briefs/{id}/page-data), `accept` takes the data the live stream
 * brought, and the page shows the newest of those and what the server rendered, by change count.
 * One fetch at a time; asked while one runs, one more follows it. A failed fetch is tried again,
 * waiting longer each time; a brief that is gone (or no longer the person's to read) renders the
 * page again, which then says so.
 */
export function useBriefPageData(fromPage: BriefPageData): { view: BriefPageData; refetch: () => void; accept: (pushed: PageDataWire) => void } {
  const router = useRouter();
  const briefId = fromPage.data.brief.id;
  const [fetched, setFetched] = useState<BriefPageData | null>(null);
  const running = useRef(false);
  const again = useRef(false);
  const failures = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);

  // The newest data wins, whether fetched or pushed, in whatever order they arrive.
  const show = useCallback(
    (data: BriefPageData) => setFetched((shown) => (shown && shown.data.brief.id === data.data.brief.id && shown.changeSeq >= data.changeSeq ? shown : data)),
    [],
  );
  const accept = useCallback((pushed: PageDataWire) => show(mergePageData(pushed)), [show]);

  const refetchRef = useRef<() => void>(() => {});
  const refetch = useCallback(() => refetchRef.current(), []);
  useEffect(() => {
    refetchRef.current = () => {
      if (running.current) {
        again.current = true;
        return;
      }
      running.current = true;
      clearTimeout(retry.current);
      void readPageData(briefId).then((answer) => {
        running.current = false;
        if (answer.kind === "data") {
          failures.current = 0;
          show(answer.data);
        } else if (answer.kind === "gone") {
          router.refresh();
        } else if (answer.kind === "failed") {
          failures.current += 1;
          retry.current = setTimeout(refetch, Math.min(1_000 * 2 ** failures.current, MAX_RETRY_MS));
        }
        if (again.current) {
          again.current = false;
          refetch();
        }
      });
    };
  }, [briefId, router, refetch, show]);

  const newer = fetched && fetched.data.brief.id === briefId && fetched.changeSeq > fromPage.changeSeq;
  return { view: newer ? fetched : fromPage, refetch, accept };
}

async function readPageData(briefId: string): Promise<Answer> {
  try {
    const response = await fetch(`/api/briefs/${encodeURIComponent(briefId)}/page-data`, { cache: "no-store", headers: { Accept: "application/json" } });
    if (response.status === 401) return { kind: "signed-out" };
    if (response.status === 404) return { kind: "gone" };
    if (!response.ok) return { kind: "failed" };
    const body = (await response.json()) as { ok: boolean; data?: PageDataWire };
    return body.ok && body.data ? { kind: "data", data: mergePageData(body.data) } : { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}
