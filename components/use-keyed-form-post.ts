"use client";

import { formIntent, postForm } from "./post-form";
import { useKeyedWrite } from "./use-keyed-write";

/**
 * Posts a multipart form (one that may carry a file) to one of the app's JSON routes, keyed by the
 * form's fields as the intent (see useKeyedWrite). Resolves to whether it was stored.
 */
export function useKeyedFormPost(url: string, onStored: () => void) {
  const { write, pending, error, clearError } = useKeyedWrite<unknown>(onStored);

  const post = (form: FormData): Promise<boolean> =>
    write(formIntent(form), (idempotencyKey) => {
      form.set("idempotencyKey", idempotencyKey);
      return postForm(url, form);
    });

  return { post, pending, error, clearError };
}
