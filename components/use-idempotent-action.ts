"use client";

import { startTransition, useActionState, type FormEvent } from "react";
import type { ActionResult } from "@/lib/web/action-result";
import { useIntentKeys } from "./use-intent-keys";

type ServerAction<T> = (prev: ActionResult<T> | undefined, form: FormData) => Promise<ActionResult<T>>;

/**
 * useActionState for forms whose write carries an idempotency key. The intent is the form's
 * fields as submitted: a double click or a resubmit of the same unchanged form replays instead of
 * applying twice, and any answer settles it. What was typed stays in the form when the server
 * refuses it; after a success the form is cleared (unless `resetOnSuccess` is false).
 */
export function useIdempotentAction<T>(
  action: ServerAction<T>,
  { onSuccess, resetOnSuccess = true }: { onSuccess?: (data: T) => void; resetOnSuccess?: boolean } = {},
) {
  const intents = useIntentKeys();
  const [state, dispatch, pending] = useActionState<ActionResult<T> | undefined, { form: FormData; element: HTMLFormElement; fields: string[][] }>(
    async (prev, { form, element, fields }) => {
      const result = await action(prev, form);
      intents.settle(fields);
      if (result.ok) {
        if (resetOnSuccess) element.reset();
        onSuccess?.(result.data);
      }
      return result;
    },
    undefined,
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element, (event.nativeEvent as SubmitEvent).submitter);
    form.delete("idempotencyKey");
    const fields = [...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : v.name]);
    form.set("idempotencyKey", intents.keyFor(fields));
    startTransition(() => dispatch({ form, element, fields }));
  }

  return [state, onSubmit, pending] as const;
}
