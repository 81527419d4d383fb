"use client";

import { ShownOncePanel } from "../ui/shown-once-panel";

/** The one time a share link is shown: only its hash is kept, so it cannot be shown again. */
export function ShareLinkReveal({ url, onDone }: { url: string; onDone: () => void }) {
  return (
    <ShownOncePanel
      id="share-link"
      title="Link made"
      intro="Anyone with this link can read the brief without signing in. Copy it now: it is shown only this once."
      label="Share link"
      value={url}
      what="link"
      doneLabel="Done"
      onDone={onDone}
    />
  );
}
