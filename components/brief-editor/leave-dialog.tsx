"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * "Discard unsaved changes?" in a native modal <dialog> (focus trapped, Escape keeps editing).
 * Opened by the page when someone leaves edit mode, or the page, with unsaved changes.
 */
export function LeaveDialog({ open, leavingPage, onStay, onLeave }: { open: boolean; leavingPage: boolean; onStay: () => void; onLeave: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      onClose={() => {
        if (open) onStay();
      }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      data-testid="leave-dialog"
    >
      <div className="space-y-3 p-5">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Discard unsaved changes?
        </h2>
        <p id={`${id}-body`} className="text-sm text-slate-600">
          {leavingPage ? "You are leaving this page" : "You are going back to reading"} with changes that are not saved. They will be lost.
        </p>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onStay} autoFocus>
            Keep editing
          </Button>
          <Button type="button" variant="danger" onClick={onLeave}>
            Discard changes
          </Button>
        </div>
      </div>
    </dialog>
  );
}
