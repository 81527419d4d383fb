import Link from "next/link";
import { signOutAction } from "@/app/auth/actions";
import type { Actor } from "@/lib/auth/actor";

export function AppHeader({ actor }: { actor: Actor }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/projects" className="text-lg font-semibold text-indigo-700">
          Briefs
        </Link>
        <Link href="/projects" className="text-sm text-slate-700 hover:text-slate-900">
          Projects
        </Link>
        <div className="ml-auto flex items-center gap-3 text-sm text-slate-600">
          <span className="max-w-48 truncate" title={actor.email}>
            {actor.label}
          </span>
          <form action={signOutAction}>
            <button type="submit" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100">
              Sign out
            </button>
          </form>
        </div>
      </nav>
    </header>
  );
}
