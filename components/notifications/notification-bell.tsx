"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { useLiveSettled } from "@/components/live/use-live";
import { BellIcon } from "./bell-icon";

// Several notifications at once (a comment mentioning many) read the count once.
const SETTLE_MS = 300;

async function fetchUnread(): Promise<number | null> {
  try {
    const response = await fetch("/api/notifications/count", { cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as { ok: boolean; data?: { unread: number } };
    return body.ok && body.data ? body.data.unread : null;
  } catch {
    return null;
  }
}

/**
 * The header's bell: how many notifications the person has not read, kept true live — the stream
 * says when one of theirs arrives (and a reconnect or a change of their projects reads it again) —
 * and a link to the inbox.
 */
export function NotificationBell() {
  const [unread, setUnread] = useState<number | null>(null);
  const load = useCallback(() => {
    void fetchUnread().then((count) => count !== null && setUnread(count));
  }, []);
  useEffect(load, [load]);
  useLiveSettled((message) => message.kind === "notification" || message.kind === "sync" || message.kind === "access", SETTLE_MS, load);
  // Reading the inbox in another tab marks them read: that tab says so over the same channel.
  useEffect(() => {
    const channel = new BroadcastChannel("briefs-notifications");
    channel.onmessage = load;
    return () => channel.close();
  }, [load]);

  const count = unread ?? 0;
  return (
    <Link
      href="/notifications"
      prefetch={false}
      title="Notifications"
      className="flex items-center gap-1 rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <BellIcon />
      {/* Named "Notifications, 3 unread" from its text, so the name holds the number shown. */}
      <span className="sr-only">Notifications, </span>
      <span
        data-testid="notification-count"
        className={`min-w-5 rounded-full px-1.5 text-center text-xs font-semibold ${count > 0 ? "bg-rose-600 text-white" : "bg-slate-200 text-slate-700"}`}
      >
        {count}
      </span>
      <span className="sr-only"> unread</span>
    </Link>
  );
}
