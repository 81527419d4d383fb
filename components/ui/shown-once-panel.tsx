"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { ShownOnce } from "./shown-once";

/**
 * The panel that shows a freshly made secret (a share link, a signing secret) its only time: what
 * was made, why to copy it now, the secret with a copy button, and a button to put it away.
 */
export function ShownOncePanel({
  id,
  title,
  intro,
  label,
  value,
  what,
  children,
  doneLabel,
  onDone,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  label: string;
  value: string;
  what: string;
  children?: ReactNode;
  doneLabel: string;
  onDone: () => void;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <div>
        <h2 id={`${id}-heading`} className="font-medium text-emerald-900">
          {title}
        </h2>
        <p className="text-sm text-emerald-900">{intro}</p>
      </div>
      <ShownOnce id={id} label={label} value={value} what={what} />
      {children}
      <Button variant="secondary" onClick={onDone}>
        {doneLabel}
      </Button>
    </section>
  );
}
