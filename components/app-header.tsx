import Link from "next/link";
import type { Actor } from "@/lib/auth/actor";
import { EmailConfirmationNotice } from "./account/email-confirmation-notice";
import { SignOutButton } from "./auth/sign-out-button";
import { HeaderMenu } from "./header-menu";
import { NavLink } from "./nav-link";
import { NotificationBell } from "./notifications/notification-bell";
import { ProposalInbox } from "./proposals/proposal-inbox";
import { HeaderSearch } from "./search/header-search";

const sections = [
  { href: "/projects", label: "Projects" },
  { href: "/settings/tokens", label: "API tokens" },
  { href: "/settings/connected-apps", label: "Connected apps" },
  { href: "/settings/account", label: "Account" },
];

/**
 * One row on a wide screen (`xl`, 1280 px): the sections, the search box, the bell, the proposals
 * and the account. Narrower, the sections and the account move into a "Menu", so a laptop keeps one
 * row; on a phone (below `md`) the search box takes a second row of its own. `emailNotice: false` on the account page, which shows the
 * address's state itself; `query`: the search the page shows, kept in the search box.
 */
export function AppHeader({ actor, emailNotice = true, query }: { actor: Actor; emailNotice?: boolean; query?: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link href="/projects" className="text-lg font-semibold text-indigo-700">
          Briefs
        </Link>
        <div className="hidden items-center gap-x-4 xl:flex">
          {sections.map((section) => (
            <NavLink key={section.href} href={section.href}>
              {section.label}
            </NavLink>
          ))}
        </div>
        <div className="order-last w-full md:order-none md:ml-auto md:w-auto">
          <HeaderSearch query={query} />
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-2 text-sm text-slate-600 md:ml-0">
          <NotificationBell />
          <ProposalInbox />
          <span className="hidden max-w-32 truncate xl:inline" title={actor.email}>
            {actor.label}
          </span>
          <SignOutButton className="hidden xl:block" />
          <HeaderMenu className="xl:hidden">
            <p className="truncate px-2 pb-2 text-xs text-slate-500" title={actor.email}>
              Signed in as <span className="font-medium text-slate-700">{actor.label}</span>
            </p>
            <ul className="space-y-0.5 border-t border-slate-200 pt-2">
              {sections.map((section) => (
                <li key={section.href}>
                  <NavLink href={section.href} look="menu">
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <SignOutButton className="mt-2 border-t border-slate-200 pt-2" />
          </HeaderMenu>
        </div>
      </nav>
      {emailNotice && <EmailConfirmationNotice actor={actor} />}
    </header>
  );
}
