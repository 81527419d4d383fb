"use client";

import type { KeyboardEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Textarea } from "@/components/ui/textarea";
import { useHydrated } from "@/components/ui/use-hydrated";
import { PROPOSAL_SUMMARY_MAX } from "@/lib/contract/bounds";
import { ContentForm } from "../content-form";
import { ErrorSummary } from "./error-summary";
import { SaveBar } from "./save-bar";
import type { Draft } from "./use-draft";

/**
 * The brief as a form: the save bar, what stands in the way of saving, and every section.
 * `canSave` is false while the session is gone: a save would be answered with a redirect to
 * sign-in, losing the edits. Until the page's script runs, the form is shown disabled: the draft
 * lives in React's state, so text typed into the server's HTML would never reach it (it would
 * show, not count as a change, and vanish at the next render) and its buttons would do nothing.
 */
export function DraftForm({
  draft,
  canSave,
  onSave,
  proposal,
}: {
  draft: Draft;
  canSave: boolean;
  onSave: (ifVersionNum: number) => void;
  /** A reviewer's form: saving sends a proposal, with this summary (docs/web-editor.md#suggesting-changes). */
  proposal?: { summary: string; onSummary: (summary: string) => void };
}) {
  const { state, dispatch, dirty } = draft;
  const hydrated = useHydrated();
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
      {/* min-w-0: a fieldset is at least as wide as its content, which would push a narrow page sideways. */}
      <fieldset disabled={!hydrated} className="m-0 min-w-0 border-0 p-0">
        <SaveBar state={state} dirty={dirty} canSave={canSave} dispatch={dispatch} saveLabel={proposal ? "Suggest changes" : "Save"} />
        {proposal && (
          <div className="mb-4">
            <Textarea
              id="proposal-summary"
              label="What you suggest and why (optional)"
              hint="Your changes go to the brief's editors as a proposal; they accept or reject it. Markdown works here."
              limit={PROPOSAL_SUMMARY_MAX}
              rows={2}
              value={proposal.summary}
              onChange={(event) => proposal.onSummary(event.target.value)}
            />
          </div>
        )}
        {state.saveMessage?.tone === "error" && (
          <div className="mb-4">
            <Alert>{state.saveMessage.text}</Alert>
          </div>
        )}
        <ErrorSummary issues={draft.summary} />
        <ContentForm titleLocked={proposal !== undefined} model={state.draft} base={state.base.content} errors={draft.errors} onChange={(model) => dispatch({ type: "edited", model })} />
      </fieldset>
    </form>
  );
}
