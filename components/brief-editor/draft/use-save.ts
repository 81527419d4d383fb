"use client";

import { saveBriefAction } from "@/components/brief-editor/actions";
import { useIntentKeys } from "@/components/use-intent-keys";
import { attempt } from "../action-messages";
import { contentFromModel } from "../form-model";
import { blockedByDraftIssues } from "./field-errors";
import { refreshAfter, saveOutcome } from "./save-outcome";
import type { Draft } from "./use-draft";

/**
 * Saving the draft on top of `ifVersionNum` (the version it started from, or theirs when
 * overwriting after a conflict). Only what changed is sent: a title-only change sends no content.
 * Retrying the very same save after a lost answer reuses its key, so it applies once.
 */
export function useSave(briefId: string, { state, dispatch, titleDirty, contentDirty }: Draft, refresh: () => void) {
  const intents = useIntentKeys();

  return async function save(ifVersionNum: number) {
    const { draft, base } = state;
    if (blockedByDraftIssues(draft, base.content, dispatch)) return;
    const change = {
      briefId,
      ifVersionNum,
      ...(titleDirty && { title: draft.title }),
      ...(contentDirty && { content: contentFromModel(draft, base.content) }),
    };
    const idempotencyKey = intents.keyFor(change);
    dispatch({ type: "saveStarted" });
    const result = await attempt(() => saveBriefAction({ ...change, idempotencyKey } as Parameters<typeof saveBriefAction>[0]));
    if (result) intents.settle(change);
    const outcome = saveOutcome(result);
    dispatch({ type: "saveAnswered", outcome, startedFrom: draft });
    if (refreshAfter(outcome)) refresh();
  };
}
