"use client";

import canonicalize from "canonicalize";
import { useState } from "react";
import { proposeChangesAction } from "@/components/proposals/actions";
import { useIntentKeys } from "@/components/use-intent-keys";
import type { BriefContent } from "@/lib/briefs/schema";
import type { ValidationIssue } from "@/lib/errors";
import { attempt, explain, OFFLINE } from "../action-messages";
import { contentFromModel } from "../form-model";
import { sectionLabel } from "../sections";
import { blockedByDraftIssues } from "./field-errors";
import type { Draft } from "./use-draft";

const MIRROR = "checklist";

/** The sections the draft changes against its base: each one's new value, or null where it was removed. */
export function changedSections(content: Record<string, unknown>, base: BriefContent): Record<string, unknown> {
  const keys = new Set([...Object.keys(base), ...Object.keys(content)]);
  keys.delete(MIRROR);
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    if (canonicalize(content[key]) !== canonicalize((base as Record<string, unknown>)[key])) changes[key] = Object.hasOwn(content, key) ? content[key] : null;
  }
  return changes;
}

/**
 * "Suggest changes" for reviewers: the draft goes out as a proposal against the version it started
 * from, never as a write. Refused fields are marked in the form as for a save, and the draft stays
 * until the proposal is stored — nothing typed is lost. Retrying the same suggestion reuses its key.
 */
export function usePropose(briefId: string, { state, dispatch }: Draft, refresh: () => void) {
  const intents = useIntentKeys();
  const [summary, setSummary] = useState("");

  async function propose() {
    const { draft, base } = state;
    if (blockedByDraftIssues(draft, base.content, dispatch)) return;
    const changes = changedSections(contentFromModel(draft, base.content), base.content);
    const titles = Object.keys(changes).map(sectionLabel).join(", ");
    const change = { briefId, baseVersionNum: base.versionNum, changes, summary: summary.trim() || `Suggested in the editor: ${titles}.` };
    dispatch({ type: "saveStarted" });
    const result = await attempt(() => proposeChangesAction({ ...change, idempotencyKey: intents.keyFor(change) }));
    if (result) intents.settle(change);
    if (result?.ok) {
      setSummary((now) => (now === summary ? "" : now));
      dispatch({ type: "proposalSent", text: `Sent as a proposal (${titles}) for an editor to accept.`, startedFrom: draft });
      refresh();
      return;
    }
    const startedFrom = draft;
    if (!result) return dispatch({ type: "saveAnswered", outcome: { kind: "offline", text: OFFLINE }, startedFrom });
    const { error } = result;
    if (error.code === "VALIDATION_ERROR") {
      // The proposal's paths name its changes; the form's fields are named after the content.
      const found = ((error.details?.issues as ValidationIssue[] | undefined) ?? []).map((issue) => ({ ...issue, path: issue.path.replace(/^changes(?=\.|\[|$)/, "content") }));
      return dispatch({ type: "saveAnswered", outcome: { kind: "invalid", issues: found, text: "The server refused some fields; they are marked below." }, startedFrom });
    }
    dispatch({ type: "saveAnswered", outcome: { kind: "refused", text: explain(error), stateChanged: error.code === "BRIEF_STATE_CONFLICT" }, startedFrom });
    if (error.code === "BRIEF_STATE_CONFLICT") refresh();
  }

  return { propose, summary, setSummary };
}
