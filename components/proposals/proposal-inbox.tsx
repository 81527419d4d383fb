"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveMessage } from "@/components/live/live-connection";
import { useLiveSettled } from "@/components/live/use-live";
import type { ProposalInbox as Inbox } from "@/lib/proposals/list-proposal-inbox";

// A burst of changes (a busy brief, many pages open) reads the inbox once.
const SETTLE_MS = 1_000;

/**
 * What may change the inbox: a proposal made or decided, a brief renamed, moved to another state
 * or deleted (it names the brief and leaves out closed ones), the person's projects, or a reconnect.
 * A checklist tick or an edit of a section does not.
 */
const mayChangeInbox = (message: LiveMessage) =>
  message.kind === "proposals" || message.kind === "sync" || message.kind === "access" || (message.kind === "brief" && (message.titleOrState === true || message.gone === true));

async function fetchInbox(): Promise<Inbox | null> {
  try {
    const response = await fetch("/api/inbox/proposals", { cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) return null;
    const body = (await response.json()) as { ok: boolean; data?: Inbox };
    return body.ok && body.data ? body.data : null;
  } catch {
    // Offline: the next change or reconnect reads it again.
    return null;
  }
}

/**
 * The header's inbox of proposals waiting for the person's decision. It is read when the page opens
 * and again whenever the live stream says something it shows may have changed, so the count stays
 * true without a reload.
 */
export function ProposalInbox() {
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  const load = useCallback(() => {
    void fetchInbox().then((read) => read && setInbox(read));
  }, []);

  useEffect(load, [load]);
  useLiveSettled(mayChangeInbox, SETTLE_MS, load);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  const count = inbox?.count ?? 0;
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="proposal-inbox"
        onClick={() => setOpen((was) => !was)}
        className="flex items-center gap-1.5 rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Proposals
        <span
          data-testid="proposal-inbox-count"
          aria-label={`${count} waiting for your decision`}
          className={`min-w-5 rounded-full px-1.5 text-center text-xs font-semibold ${count > 0 ? "bg-indigo-600 text-white" : "bg-slate-200 text-slate-700"}`}
        >
          {count}
        </span>
      </button>
      {open && (
        <section id="proposal-inbox" aria-label="Proposals waiting for your decision" className="absolute right-0 z-30 mt-2 w-80 max-w-[90vw] rounded-md border border-slate-200 bg-white p-2 shadow-lg">
          {count === 0 ? (
            <p className="p-2 text-sm text-slate-600">No proposals wait for your decision.</p>
          ) : (
            <ul className="max-h-96 space-y-1 overflow-y-auto">
              {inbox?.items.map((item) => (
                <li key={item.proposalId}>
                  <Link
                    href={`/projects/${item.projectId}/briefs/${item.briefId}/proposals/${item.proposalId}`}
                    onClick={() => setOpen(false)}
                    className="block rounded p-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="block truncate font-medium text-slate-900">{item.briefTitle}</span>
                    <span className="line-clamp-2 block text-slate-700">{item.summary}</span>
                    <span className="block truncate text-xs text-slate-500">
                      {item.author} · {item.projectName}
                    </span>
                  </Link>
                </li>
              ))}
              {inbox && inbox.count > inbox.items.length && <li className="p-2 text-xs text-slate-500">and {inbox.count - inbox.items.length} more</li>}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
