import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ChangePasswordForm } from "@/components/change-password-form";
import { SettingsPage } from "@/components/settings-page";
import { Button } from "@/components/ui/button";
import { requireWebActor } from "@/lib/auth/session-gate";
import { SESSION_IDLE_DAYS } from "@/lib/sessions/session-lifetime";
import { changePasswordAction, signOutEverywhereAction } from "@/components/account/actions";
import { SendConfirmationLinkButton } from "@/components/account/send-confirmation-link-button";
import { Badge } from "@/components/ui/badge";
import { mailIsDelivered } from "@/lib/mail/send-mail";
import { getAccount } from "@/lib/users/get-account";

export const metadata: Metadata = { title: "Account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await requireWebActor("/settings/account");
  const account = await getAccount(actor);
  return (
    <SettingsPage actor={actor} title="Account" intro={`Signed in as ${actor.email}.`} emailNotice={false}>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <AccountCard
          headingId="email-heading"
          title="Email address"
          badge={account.emailConfirmed ? <Badge tone="success">Confirmed</Badge> : <Badge tone="warning">Not confirmed</Badge>}
        >
          <p className="break-all text-sm text-slate-800">{account.email}</p>
          {account.emailConfirmed ? (
            <p className="text-sm text-slate-600">Owners who add this address to a project make you a member at once.</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                Until you confirm it with the link we sent, invitations to this address keep waiting: they become
                memberships the moment you confirm.
              </p>
              <SendConfirmationLinkButton mailDelivered={mailIsDelivered()} />
            </>
          )}
        </AccountCard>
        <AccountCard headingId="password-heading" title="Password">
          <p className="text-sm text-slate-600">Changing it signs out every other browser signed in as you.</p>
          <ChangePasswordForm action={changePasswordAction} />
        </AccountCard>
        <AccountCard headingId="sessions-heading" title="Sessions">
          <p className="text-sm text-slate-600">
            A session ends when you sign out, or after {SESSION_IDLE_DAYS} days without use. If you signed in somewhere you no
            longer control, end every session at once, this one included.
          </p>
          <form action={signOutEverywhereAction}>
            <Button type="submit" variant="secondary">
              Sign out everywhere
            </Button>
          </form>
        </AccountCard>
      </div>
    </SettingsPage>
  );
}

/** One of the page's cards: a heading (with the badge beside it, if any) that names the card. */
function AccountCard({ headingId, title, badge, children }: { headingId: string; title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-medium">
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}
