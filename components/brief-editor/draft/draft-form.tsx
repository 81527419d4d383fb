"use client";

import type { KeyboardEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { ContentForm } from "../content-form";
import { ErrorSummary } from "./error-summary";
import { SaveBar } from "./save-bar";
import type { Draft } from "./use-draft";

/**
 * The brief as a form: the save bar, what stands in the way of saving, and every section.
 * `canSave` is false while the session is gone: a save would be answered with a redirect to
 * sign-in, losing the edits.
 */
export function DraftForm({ draft, canSave, onSave }: { draft: Draft; canSave: boolean; onSave: (ifVersionNum: number) => void }) {
  const { state, dispatch, dirty } = draft;
  const saveNow = () => {
    if (!state.saving && canSave) onSave(state.base.versionNum);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (dirty) saveNow();
    }
  };
  return (
    <form
      aria-label="Brief content"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        saveNow();
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const id = (event.target as HTMLElement).id;
        if (id.startsWith("f-")) dispatch({ type: "touched", id });
      }}
    >
      <SaveBar state={state} dirty={dirty} canSave={canSave} dispatch={dispatch} />
      {state.saveMessage?.tone === "error" && (
        <div className="mb-4">
          <Alert>{state.saveMessage.text}</Alert>
        </div>
      )}
      <ErrorSummary issues={draft.summary} />
      <ContentForm model={state.draft} base={state.base.content} errors={draft.errors} onChange={(model) => dispatch({ type: "edited", model })} />
    </form>
  );
}
