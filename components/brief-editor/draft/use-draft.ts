"use client";

import { useEffect, useMemo, useReducer } from "react";
import type { BriefFull } from "../brief-data";
import { contentFingerprint, modelFromContent, validateDraft } from "../form-model";
import { changedElsewhere, draftReducer, followData, initialDraftState, latestOf, shownTitleOf } from "./draft-state";
import { summaryIssues, visibleErrors } from "./field-errors";

/**
 * The draft of the brief page: its state (see draft-state.ts), what follows from it, and the
 * page data it follows while untouched. Warns before leaving the page with unsaved edits.
 */
export function useDraft(data: BriefFull, canEdit: boolean) {
  const [state, dispatch] = useReducer(draftReducer, data, initialDraftState);
  const { base, draft } = state;

  const baseFingerprint = useMemo(() => contentFingerprint(modelFromContent(base.title, base.content, "base"), base.content), [base.title, base.content]);
  const contentDirty = contentFingerprint(draft, base.content) !== baseFingerprint;
  const titleDirty = draft.title !== base.title;
  const dirty = canEdit && (contentDirty || titleDirty);

  // Follow the server while the form is untouched; with unsaved edits, keep them and say so.
  const follow = followData(data, base, dirty);
  if (follow !== "stay") dispatch({ type: "dataFollowed", data, how: follow });

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const clientIssues = useMemo(() => (canEdit ? validateDraft(draft, base.content) : []), [canEdit, draft, base.content]);
  const errors = useMemo(() => visibleErrors(clientIssues, state.serverIssues, state.showAllErrors, state.touched), [clientIssues, state.serverIssues, state.showAllErrors, state.touched]);

  return {
    state,
    dispatch,
    dirty,
    titleDirty,
    contentDirty,
    changedElsewhere: changedElsewhere(data, base, dirty),
    latest: latestOf(data, base),
    shownTitle: shownTitleOf(data, base),
    errors,
    summary: summaryIssues(clientIssues, state.serverIssues, state.showAllErrors),
  };
}

export type Draft = ReturnType<typeof useDraft>;
