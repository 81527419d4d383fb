"use client";

import { useEffect, useRef, useState } from "react";
import { useLiveMessages } from "@/components/live/use-live";
import type { PresenceView } from "@/lib/live/presence/presence-schema";
import { PRESENCE_REFRESH_MS } from "@/lib/live/presence/presence-window";

const empty: PresenceView = { people: [], agents: [] };

function newTabId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** The section of the form that holds the focus, if the person is editing. */
function focusedSection(): string | null {
  const active = document.activeElement;
  return active instanceof HTMLElement ? (active.closest<HTMLElement>("[data-section]")?.dataset.section ?? null) : null;
}

/**
 * Says this tab has the brief open — every few seconds, and at once when the person starts editing
 * another section — and keeps who else is there current: the answer to each refresh, and a fresh
 * read whenever the live stream says presence on this brief changed. Leaving (closing the tab,
 * going to another page) is said with a beacon, so others see it at once.
 */
export function usePresence(briefId: string, editing: boolean): PresenceView {
  const [view, setView] = useState<PresenceView>(empty);
  const tabId = useRef<string>("");
  const section = useRef<string | null>(null);
  const send = useRef<() => void>(() => {});

  useEffect(() => {
    tabId.current ||= newTabId();
    const url = `/api/briefs/${encodeURIComponent(briefId)}/presence`;
    let stopped = false;
    const post = async () => {
      try {
        const response = await fetch(url, {
          method: "POST",
          cache: "no-store",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ tabId: tabId.current, section: section.current }),
        });
        const body = (await response.json()) as { ok: boolean; data?: PresenceView };
        if (!stopped && body.ok && body.data) setView(body.data);
      } catch {
        // Offline: the next refresh tries again.
      }
    };
    send.current = () => void post();
    void post();
    const timer = setInterval(() => void post(), PRESENCE_REFRESH_MS);
    const leave = () => navigator.sendBeacon(`${url}/leave`, new Blob([JSON.stringify({ tabId: tabId.current })], { type: "text/plain" }));
    // Back from another tab or a sleeping laptop: say so at once rather than at the next refresh.
    const visible = () => document.visibilityState === "visible" && void post();
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", visible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", visible);
      leave();
    };
  }, [briefId]);

  useEffect(() => {
    const update = () => {
      const next = editing ? focusedSection() : null;
      if (next === section.current) return;
      section.current = next;
      send.current();
    };
    update();
    document.addEventListener("focusin", update);
    return () => document.removeEventListener("focusin", update);
  }, [editing]);

  useLiveMessages((message) => {
    if (message.kind !== "presence" || message.briefId !== briefId) return;
    void fetch(`/api/briefs/${encodeURIComponent(briefId)}/presence`, { cache: "no-store", headers: { Accept: "application/json" } })
      .then((response) => response.json() as Promise<{ ok: boolean; data?: PresenceView }>)
      .then((body) => body.ok && body.data && setView(body.data))
      .catch(() => {});
  });

  return view;
}
