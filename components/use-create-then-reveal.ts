"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { ActionResult } from "@/lib/web/action-result";
import { fieldErrors } from "@/lib/web/field-errors";

/**
 * A form that makes something whose secret is shown only once (a share link, a webhook's signing
 * secret): it sends the form, keeps the answer for its errors, and once made clears the form and
 * holds what was made until `hide` is called. `prepare` adjusts the form data before it is sent.
 */
export function useCreateThenReveal<T>(send: (form: FormData) => Promise<ActionResult<T>>, prepare?: (form: FormData) => void) {
  const [result, setResult] = useState<ActionResult<T> | undefined>();
  const [shown, setShown] = useState<T | null>(null);
  const [pending, startTransition] = useTransition();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    prepare?.(form);
    startTransition(async () => {
      const answer = await send(form);
      setResult(answer);
      if (answer.ok) {
        element.reset();
        setShown(answer.data);
      }
    });
  }

  const errors = fieldErrors(result);
  // A refusal that names no field is shown above the form.
  const formError = result && !result.ok && !Object.keys(errors).length ? result.error.message : null;
  return { onSubmit, pending, errors, formError, shown, hide: () => setShown(null) };
}
