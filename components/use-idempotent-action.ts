"use client";

import { newIdempotencyKey } from "@/components/idempotency-key";
import { startTransition, useActionState, useRef, type FormEvent } from "react";
import type { ActionResult } from "@/lib/web/action-result";

type ServerAction<T> = (prev: ActionResult<T> | undefined, form: FormData) => Promise<ActionResult<T>>;

/**
 * useActionState for writes that carry an idempotency key. The key belongs to one intended
 * action: it is stamped when the form is submitted, so a double click or a resubmit of the same
 * unchanged form replays instead of applying twice; changing the form, or a success, starts a
 * new intention with a new key. What was typed stays in the form when the server refuses it;
 * after a success the form is cleared (unless `resetOnSuccess` is false).
 */
export function useIdempotentAction<T>(
  action: ServerAction<T>,
  { onSuccess, resetOnSuccess = true }: { onSuccess?: (data: T) => void; resetOnSuccess?: boolean } = {},
) {
  const intention = useRef<{ fields: string; key: string } | null>(null);
  const [state, dispatch, pending] = useActionState<ActionResult<T> | undefined, { form: FormData; element: HTMLFormElement }>(
    async (prev, { form, element }) => {
      const result = await action(prev, form);
      if (result.ok) {
        intention.current = null;
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
    const fields = JSON.stringify([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
    if (intention.current?.fields !== fields) intention.current = { fields, key: newIdempotencyKey() };
    form.set("idempotencyKey", intention.current.key);
    startTransition(() => dispatch({ form, element }));
  }

  return [state, onSubmit, pending] as const;
}
