"use client";

import { useState } from "react";
import type { ActionResult } from "@/lib/web/action-result";
import { refusalMessage, UNREACHABLE } from "./refusal-message";
import { useIntentKeys } from "./use-intent-keys";

/**
 * One write at a time with one idempotency key per intent: a retry after a lost answer is applied
 * once. No answer leaves the intent open (the retry reuses its key) and says so; any answer settles
 * it. `write` resolves to whether the write was stored; `onStored` gets what it returned.
 */
export function useKeyedWrite<T>(onStored: (data: T) => void) {
  const intents = useIntentKeys();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const write = async (intent: unknown, send: (idempotencyKey: string) => Promise<ActionResult<T> | null>): Promise<boolean> => {
    setPending(true);
    setError(null);
    const result = await send(intents.keyFor(intent));
    setPending(false);
    if (!result) {
      setError(UNREACHABLE);
      return false;
    }
    intents.settle(intent);
    if (!result.ok) {
      setError(refusalMessage(result.error));
      return false;
    }
    onStored(result.data);
    return true;
  };

  return { write, pending, error, clearError: () => setError(null) };
}
