"use client";

import { useState } from "react";
import type { BriefContent, BriefState, QaChecklistItem } from "@/lib/briefs/schema";
import { useIntentKeys } from "@/components/use-intent-keys";
import type { ActionError } from "../action-messages";
import type { BriefFull } from "../brief-data";
import type { DraftEvent } from "../draft/draft-state";
import { tickChangesLifecycle, tickFailureMessage, type ChecklistOverride } from "./checklist-rows";

type TickAnswer = { ok: boolean; data?: { brief: BriefFull["brief"] }; error?: ActionError } | null;

/** What the page shows of the brief: the version and content, and the state of its page data. */
type ShownBrief = { versionNum: number; state: BriefState; content: BriefContent };

/**
 * QA's ticks: shown at once, sent to the checklist route, and rolled back with a message when
 * refused or unanswered. A stored tick is handed to the draft (`tickStored`), which carries it in
 * when it is the only change since the draft's base.
 *
 * The route's answer is the stored row, so a stored tick does not refresh the page: a refresh
 * renders the whole page on the server again and makes Next fetch every link in view anew, and
 * the next tick's answer would queue behind all of that. Only a tick that changed the lifecycle
 * refreshes at once; otherwise the history and "last saved by" follow with the live stamp, one
 * refresh for any number of ticks. A refused or unanswered tick refreshes, to show the rows as
 * they are.
 */
export function useChecklistToggle(briefId: string, shown: ShownBrief, dispatch: (event: DraftEvent) => void, refresh: () => void) {
  const intents = useIntentKeys();
  const [overrides, setOverrides] = useState<Record<number, ChecklistOverride>>({});
  const [message, setMessage] = useState<string | null>(null);

  const toggle = async (index: number, row: QaChecklistItem, checked: boolean) => {
    setMessage(null);
    setOverrides((o) => ({ ...o, [index]: { text: row.text, checked, pending: true, versionNum: shown.versionNum } }));
    const intent = { index, expectedText: row.text, checked };
    const body = await sendTick(briefId, { ...intent, idempotencyKey: intents.keyFor(intent) });
    if (body) intents.settle(intent);
    if (body?.ok && body.data) {
      const brief = body.data.brief;
      const stored = brief.content.testingQaChecklist?.[index];
      setOverrides((o) => ({ ...o, [index]: { text: row.text, checked, pending: false, versionNum: brief.versionNum, row: stored } }));
      if (stored) dispatch({ type: "tickStored", brief, index, row: stored });
      if (tickChangesLifecycle(shown, brief)) refresh();
    } else {
      setOverrides((o) => {
        const next = { ...o };
        delete next[index];
        return next;
      });
      setMessage(tickFailureMessage(row.text, checked, body?.error));
      refresh();
    }
  };

  return { overrides, message, toggle, dismissMessage: () => setMessage(null) };
}

async function sendTick(briefId: string, body: Record<string, unknown>): Promise<TickAnswer> {
  try {
    const response = await fetch(`/api/briefs/${encodeURIComponent(briefId)}/checklist`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as TickAnswer;
  } catch {
    return null;
  }
}
