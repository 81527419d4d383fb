"use client";

import { useState } from "react";
import type { BriefState } from "@/lib/briefs/schema";
import { approveBriefAction, transitionBriefAction } from "@/components/brief-editor/actions";
import { useIntentKeys } from "@/components/use-intent-keys";
import { attempt } from "../action-messages";
import { approvalMessage, transitionMessage, type LifecycleMessage } from "./lifecycle-messages";

type TransitionExtra = { reason?: string; successorBriefId?: string };

export type LifecycleActions = {
  busy: boolean;
  message: LifecycleMessage;
  transition: (to: BriefState, extra: TransitionExtra) => Promise<void>;
  approve: () => Promise<void>;
};

/**
 * Moving the brief through its lifecycle and approving it, both guarded by the version the page
 * shows (`versionNum`). The page data is refreshed after every answer, applied or refused.
 */
export function useLifecycleActions(briefId: string, versionNum: number, refresh: () => void): LifecycleActions {
  const intents = useIntentKeys();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<LifecycleMessage>(null);

  const transition = async (to: BriefState, extra: TransitionExtra) => {
    setBusy(true);
    setMessage(null);
    const intent = { briefId, to, ...extra, ifVersionNum: versionNum };
    const result = await attempt(() => transitionBriefAction({ ...intent, idempotencyKey: intents.keyFor(intent) }));
    if (result) intents.settle(intent);
    setBusy(false);
    setMessage(transitionMessage(result));
    refresh();
  };

  const approve = async () => {
    setBusy(true);
    setMessage(null);
    const intent = { briefId, ifVersionNum: versionNum };
    const result = await attempt(() => approveBriefAction({ ...intent, idempotencyKey: intents.keyFor(intent) }));
    if (result) intents.settle(intent);
    setBusy(false);
    setMessage(approvalMessage(result));
    refresh();
  };

  return { busy, message, transition, approve };
}
