"use client";

import { useEffect, useRef } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { SEARCH_QUERY_MAX } from "@/lib/contract/bounds";
import { isSearchShortcut } from "./focus-shortcut";

/**
 * The header's search box: a plain GET form to /search (it works before the page's script runs),
 * focused from anywhere on the page with `/` or Ctrl/Cmd-K; Escape leaves it. The shortcuts need
 * the script, so they are announced (aria-keyshortcuts) and the `/` hint shown only once it runs.
 */
export function HeaderSearch({ query = "" }: { query?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSearchShortcut(event, event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <form action="/search" method="get" role="search" aria-label="Search briefs" className="relative w-full md:w-64 xl:w-56">
      <input
        ref={input}
        key={query}
        type="search"
        name="q"
        defaultValue={query}
        required
        maxLength={SEARCH_QUERY_MAX}
        placeholder="Search briefs"
        aria-label="Search briefs"
        aria-keyshortcuts={hydrated ? "/ Control+K Meta+K" : undefined}
        onKeyDown={(event) => {
          if (event.key === "Escape") event.currentTarget.blur();
        }}
        className="w-full rounded-md border border-slate-300 bg-white py-1.5 pl-3 pr-9 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
      />
      {hydrated && (
        <kbd
          aria-hidden
          className="pointer-events-none absolute right-2 top-1/2 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5 font-sans text-xs text-slate-500 sm:block"
        >
          /
        </kbd>
      )}
    </form>
  );
}
