"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { NotificationView } from "@/lib/notifications/list-notifications";
import { notificationPath } from "@/lib/notifications/notification-path";
import { Button } from "../ui/button";
import { RelativeTime } from "../ui/relative-time";
import { markReadAction } from "./actions";

/** Tells the header bells of the person's other tabs to count again. */
function tellOtherTabs() {
  const channel = new BroadcastChannel("briefs-notifications");
  channel.postMessage("read");
  channel.close();
}

/** The inbox: newest first, unread ones marked; opening one marks it read. */
export function NotificationList({ items, unread }: { items: NotificationView[]; unread: number }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const read = (id?: string) =>
    startTransition(async () => {
      await markReadAction(id);
      tellOtherTabs();
      router.refresh();
    });

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600" data-testid="unread-summary">
          {unread === 0 ? "Nothing unread." : `${unread} unread`}
        </p>
        {unread > 0 && (
          <Button variant="secondary" disabled={pending} onClick={() => read()}>
            Mark all read
          </Button>
        )}
      </div>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {items.map((n) => (
          <li key={n.id} className={`flex flex-wrap items-start justify-between gap-2 px-4 py-3 ${n.read ? "" : "bg-indigo-50/60"}`} aria-label={`${n.read ? "" : "Unread: "}${n.title}`}>
            <div className="min-w-0">
              <Link
                prefetch={false}
                href={notificationPath(n)}
                onClick={() => !n.read && void markReadAction(n.id).then(tellOtherTabs)}
                className={`wrap-anywhere text-sm ${n.read ? "text-slate-700" : "font-medium text-slate-900"} underline-offset-2 hover:underline`}
              >
                {n.title}
              </Link>
              <p className="text-xs text-slate-500">
                <RelativeTime value={n.createdAt} />
              </p>
            </div>
            {!n.read && (
              <Button variant="ghost" className="px-2 py-1 text-xs" disabled={pending} aria-label={`Mark read: ${n.title}`} onClick={() => read(n.id)}>
                Mark read
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
