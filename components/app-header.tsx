import Link from "next/link";
import { signOutAction } from "@/components/auth/actions";
import type { Actor } from "@/lib/auth/actor";
import { EmailConfirmationNotice } from "./account/email-confirmation-notice";
import { NavLink } from "./nav-link";
import { NotificationBell } from "./notifications/notification-bell";
import { ProposalInbox } from "./proposals/proposal-inbox";
import { HeaderSearch } from "./search/header-search";

/**
 * `emailNotice: false` on the account page, which shows the address's state itself; `query`: the
 * search the page shows, kept in the search box.
 */
export function AppHeader({ actor, emailNotice = true, query }: { actor: Actor; emailNotice?: boolean; query?: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3">
        <Link href="/projects" className="text-lg font-semibold text-indigo-700">
          Briefs
        </Link>
        <NavLink href="/projects">Projects</NavLink>
        <NavLink href="/settings/tokens">API tokens</NavLink>
        <NavLink href="/settings/connected-apps">Connected apps</NavLink>
        <NavLink href="/settings/account">Account</NavLink>
        {/* Beside the links on a wide screen; a row of its own on a phone. */}
        <div className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">
          <HeaderSearch query={query} />
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-3 text-sm text-slate-600 sm:ml-0">
          <NotificationBell />
          <ProposalInbox />
          <span className="max-w-48 truncate" title={actor.email}>
            {actor.label}
          </span>
          <form action={signOutAction}>
            <button
              type="submit"
              className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Sign out
            </button>
          </form>
        </div>
      </nav>
      {emailNotice && <EmailConfirmationNotice actor={actor} />}
    </header>
  );
}
