"use client";

import { useState } from "react";
import { formIntent, postForm } from "@/components/post-form";
import { refusalMessage, UNREACHABLE } from "@/components/refusal-message";
import { useIntentKeys } from "@/components/use-intent-keys";

/**
 * "Mark failed" on a QA row: the note, severity, criteria and screenshot go to the findings route
 * (multipart, for the file) with one key per intended finding. Resolves to whether it was recorded;
 * the row (unchecked) and its finding follow with the page data (`onStored`).
 */
export function useFailRow(briefId: string, onStored: () => void) {
  const intents = useIntentKeys();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = async (form: FormData): Promise<boolean> => {
    setPending(true);
    setError(null);
    const intent = formIntent(form);
    form.set("idempotencyKey", intents.keyFor(intent));
    const result = await postForm(`/api/briefs/${encodeURIComponent(briefId)}/findings`, form);
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

  return { fail, pending, error };
}
