import type { Metadata } from "next";
import Link from "next/link";
import { AppHeader } from "@/components/app-header";
import { LiveRefresh } from "@/components/live/live-refresh";
import { NotificationList } from "@/components/notifications/notification-list";
import { EmptyState } from "@/components/ui/empty-state";
import { requireWebActor } from "@/lib/auth/session-gate";
import { INBOX_SIZE, listNotifications } from "@/lib/notifications/list-notifications";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Notifications" };

/** The person's inbox: what they were told of, newest first. */
export default async function NotificationsPage() {
  const actor = await requireWebActor("/notifications");
  const { items, unread } = await listNotifications(actor);
  return (
    <>
      <AppHeader actor={actor} />
      <LiveRefresh notifications />
      <main className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:py-8">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="text-2xl font-semibold">Notifications</h1>
          <Link prefetch={false} href="/settings/notifications" className="text-sm text-indigo-700 underline">
            Which are mailed to you
          </Link>
        </div>
        {items.length ? (
          <NotificationList items={items} unread={unread} />
        ) : (
          <EmptyState title="Nothing yet">Mentions, proposals on your briefs, decisions on your proposals and more appear here.</EmptyState>
        )}
        {items.length === INBOX_SIZE && <p className="text-sm text-slate-500">The newest {INBOX_SIZE} are shown.</p>}
      </main>
    </>
  );
}
