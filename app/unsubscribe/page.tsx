import type { Metadata } from "next";
import Link from "next/link";
import { unsubscribeAction } from "@/components/notifications/unsubscribe-actions";
import { Button } from "@/components/ui/button";
import { notificationKinds } from "@/lib/notifications/notification-kinds";
import { checkUnsubscribe } from "@/lib/notifications/unsubscribe-link";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

type Search = { u?: string; k?: string; t?: string; done?: string };

/**
 * Where a mail's unsubscribe link leads, signed in or not. Opening it asks first (a mail scanner
 * that follows links must not unsubscribe anyone); the button stops that kind of mail.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const checked = checkUnsubscribe(search);
  if (!checked) {
    return (
      <main className="mx-auto max-w-xl space-y-3 px-4 py-16">
        <h1 className="text-2xl font-semibold">This unsubscribe link does not work</h1>
        <p className="text-slate-600">
          It may have been cut short when it was copied. Open the link from the mail again, or choose what is mailed to you under{" "}
          <Link className="text-indigo-700 underline" href="/settings/notifications">
            mail settings
          </Link>
          .
        </p>
      </main>
    );
  }
  const what = notificationKinds[checked.kind].label.toLowerCase();
  if (search.done === "1") {
    return (
      <main className="mx-auto max-w-xl space-y-3 px-4 py-16">
        <h1 className="text-2xl font-semibold">Unsubscribed</h1>
        <p className="text-slate-600" role="status">
          No more mails about {what}. They still appear in your notifications; you can mail them again under{" "}
          <Link className="text-indigo-700 underline" href="/settings/notifications">
            mail settings
          </Link>
          .
        </p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-16">
      <h1 className="text-2xl font-semibold">Stop these mails?</h1>
      <p className="text-slate-600">You will no longer be mailed about {what}. They still appear in your notifications in Briefs.</p>
      <form action={unsubscribeAction}>
        <input type="hidden" name="u" value={search.u} />
        <input type="hidden" name="k" value={search.k} />
        <input type="hidden" name="t" value={search.t} />
        <Button type="submit">Unsubscribe</Button>
      </form>
    </main>
  );
}
