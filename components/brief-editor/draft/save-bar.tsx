"use client";

import { Button } from "@/components/ui/button";
import type { DraftEvent, DraftState } from "./draft-state";

/** The sticky bar above the form: whether everything is saved, Discard (after asking), and Save. */
export function SaveBar({
  state,
  dirty,
  canSave,
  dispatch,
  saveLabel = "Save",
}: {
  state: DraftState;
  dirty: boolean;
  canSave: boolean;
  dispatch: (event: DraftEvent) => void;
  saveLabel?: string;
}) {
  const { saving, saveMessage, base, confirmDiscard } = state;
  return (
    <div className="sticky top-0 z-20 -mx-4 mb-4 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-lg sm:border sm:bg-white/95">
      <p className="mr-auto text-sm" role="status" data-testid="save-status">
        {saving ? (
          <span className="text-slate-600">Saving…</span>
        ) : dirty ? (
          <span className="font-medium text-amber-700">Unsaved changes</span>
        ) : saveMessage?.tone === "success" && saveMessage.versionNum === base.versionNum ? (
          <span className="text-emerald-700">{saveMessage.text}</span>
        ) : (
          <span className="text-slate-500">All changes saved · version {base.versionNum}</span>
        )}
      </p>
      {dirty &&
        (confirmDiscard ? (
          <>
            <span className="text-sm text-slate-700">Discard all unsaved edits?</span>
            <Button type="button" variant="danger" onClick={() => dispatch({ type: "discarded" })}>
              Discard
            </Button>
            <Button type="button" variant="ghost" onClick={() => dispatch({ type: "discardCancelled" })}>
              Keep
            </Button>
          </>
        ) : (
          <Button type="button" variant="ghost" onClick={() => dispatch({ type: "discardAsked" })} disabled={saving}>
            Discard changes
          </Button>
        ))}
      <Button type="submit" disabled={!dirty || saving || !canSave}>
        {saving ? "Saving…" : saveLabel}
      </Button>
    </div>
  );
}
