"use client";

import "./globals.css";

/** When even the root layout fails: a whole document of its own, with the same careful message. */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <title>Something went wrong · Briefs</title>
        <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <p className="mt-3 text-slate-600">Briefs could not load. Try again in a moment.</p>
          <button
            type="button"
            onClick={() => retry()}
            className="mt-6 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-500"
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
