"use client";

import { useId, useRef, useState, useTransition, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * A button that asks before doing something hard to undo, in a native modal <dialog> (focus is
 * trapped, Escape cancels, focus returns to the button). `onConfirm` returns an error message to
 * keep the dialog open with it, or nothing to close.
 */
export function ConfirmDialog({
  triggerLabel,
  triggerAriaLabel,
  title,
  children,
  confirmLabel,
  onConfirm,
  triggerVariant = "secondary",
  triggerClassName = "",
}: {
  triggerLabel: ReactNode;
  triggerAriaLabel?: string;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<string | null | void>;
  triggerVariant?: "secondary" | "danger" | "ghost";
  triggerClassName?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const id = useId();

  function open() {
    setError(null);
    dialog.current?.showModal();
  }

  function confirm() {
    startTransition(async () => {
      const message = await onConfirm();
      if (message) setError(message);
      else dialog.current?.close();
    });
  }

  return (
    <>
      <Button type="button" variant={triggerVariant} aria-label={triggerAriaLabel} onClick={open} className={triggerClassName}>
        {triggerLabel}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={children ? `${id}-body` : undefined}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl text-left border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="space-y-3 p-5">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {title}
          </h2>
          {children && (
            <div id={`${id}-body`} className="text-sm text-slate-600">
              {children}
            </div>
          )}
          {error && <Alert>{error}</Alert>}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => dialog.current?.close()} disabled={pending} autoFocus>
              Cancel
            </Button>
            <Button type="button" variant="danger" onClick={confirm} disabled={pending}>
              {pending ? "Working…" : confirmLabel}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
