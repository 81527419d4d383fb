"use client";

import { Button } from "../ui/button";
import { ShownOnce } from "../ui/shown-once";

/** The one time a share link is shown: only its hash is kept, so it cannot be shown again. */
export function ShareLinkReveal({ url, onDone }: { url: string; onDone: () => void }) {
  return (
    <section aria-labelledby="share-link-heading" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <div>
        <h2 id="share-link-heading" className="font-medium text-emerald-900">
          Link made
        </h2>
        <p className="text-sm text-emerald-900">Anyone with this link can read the brief without signing in. Copy it now: it is shown only this once.</p>
      </div>
      <ShownOnce id="share-link" label="Share link" value={url} what="link" />
      <Button variant="secondary" onClick={onDone}>
        Done
      </Button>
    </section>
  );
}
