"use client";

import { useState } from "react";
import { formIntent, postForm } from "@/components/post-form";
import { refusalMessage, UNREACHABLE } from "@/components/refusal-message";
import { useIntentKeys } from "@/components/use-intent-keys";

/**
 * Sends evidence for a criterion to the evidence route (multipart: it may carry a file), with one
 * key per intended piece of evidence, so a retry after a lost answer records it once. Resolves to
 * whether it was recorded; the page data (the criterion's new status) follows with `onStored`.
 */
export function useAddEvidence(briefId: string, onStored: () => void) {
  const intents = useIntentKeys();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (form: FormData): Promise<boolean> => {
    setPending(true);
    setError(null);
    const intent = formIntent(form);
    form.set("idempotencyKey", intents.keyFor(intent));
    const result = await postForm(`/api/briefs/${encodeURIComponent(briefId)}/evidence`, form);
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
    onStored();
    return true;
  };

  return { add, pending, error, clearError: () => setError(null) };
}
