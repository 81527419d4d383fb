"use client";

import { useState } from "react";
import { addCommentAction } from "@/components/brief-editor/actions";
import { useIntentKeys } from "@/components/use-intent-keys";
import type { Item } from "../history/history-items";

/**
 * Adds a comment with one key per comment: a retry after a lost answer cannot post it twice.
 * Resolves to whether it was added; `error` says why not.
 */
export function useAddComment(briefId: string, onAdded: (item: Item) => void) {
  const intents = useIntentKeys();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (body: string): Promise<boolean> => {
    if (body.trim() === "") {
      setError("Write something first.");
      return false;
    }
    setPending(true);
    setError(null);
    const intent = { briefId, body };
    const result = await addCommentAction({ ...intent, idempotencyKey: intents.keyFor(intent) }).catch(() => null);
    setPending(false);
    if (!result) {
      setError("The server could not be reached. Your comment is still here; try again.");
      return false;
    }
    intents.settle(intent);
    if (!result.ok) {
      setError(result.error.message);
      return false;
    }
    onAdded(result.data);
    return true;
  };

  return { add, pending, error };
}
