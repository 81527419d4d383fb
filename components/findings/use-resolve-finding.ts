"use client";

import { useState } from "react";
import { refusalMessage, UNREACHABLE } from "@/components/refusal-message";
import { useIntentKeys } from "@/components/use-intent-keys";
import { resolveFindingAction } from "./actions";

/** Resolves a finding once per intent (a retry after a lost answer replays); the page data follows with `onStored`. */
export function useResolveFinding(briefId: string, onStored: () => void) {
  const intents = useIntentKeys();
  const [pending, setPending] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const resolve = async (findingId: string, resolution: string) => {
    setPending(findingId);
    setErrors((all) => {
      const next = { ...all };
      delete next[findingId];
      return next;
    });
    const intent = { briefId, findingId, ...(resolution !== "" && { resolution }) };
    const result = await resolveFindingAction({ ...intent, idempotencyKey: intents.keyFor(intent) }).catch(() => null);
    setPending(null);
    if (result) intents.settle(intent);
    if (result?.ok) return onStored();
    setErrors((all) => ({ ...all, [findingId]: result ? refusalMessage(result.error) : UNREACHABLE }));
  };

  return { resolve, pending, errors };
}
