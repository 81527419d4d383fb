"use client";

import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";

/**
 * Anything a page did not expect. The message never shows the error's text or stack (in
 * production they are not even sent); the digest lets support find the server log line.
 */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <title>Something went wrong · Briefs</title>
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        Something went wrong on our side while showing this page. Try again; if it keeps happening, tell us what you
        were doing{digest ? " and quote the reference below" : ""}.
      </p>
      {digest && <p className="mt-2 text-sm text-slate-500">Reference: {digest}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => retry()} className={buttonClassName("primary")}>
          Try again
        </button>
        <Link href="/projects" className={buttonClassName("secondary")}>
          Go to your projects
        </Link>
      </div>
    </main>
  );
}
