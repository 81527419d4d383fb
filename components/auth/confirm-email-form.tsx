"use client";

import { useActionState } from "react";
import { confirmEmailAction } from "@/components/auth/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

/**
 * Confirms an address from its link. The link alone never confirms (a mail scanner opening it must
 * not): the person sends this form, with the password chosen at sign-up unless this browser is
 * signed in as the account already.
 */
export function ConfirmEmailForm({ token, email, needsPassword }: { token: string; email: string; needsPassword: boolean }) {
  const [state, formAction, pending] = useActionState(confirmEmailAction, undefined);
  const errors = fieldErrors(state);
  return (
    <form action={formAction} aria-label="Confirm your email address" className="space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <p className="text-sm text-slate-700">
        Confirm that <span className="font-medium break-all">{email}</span> is your address.
        {needsPassword && " Enter the password you chose when you signed up."}
      </p>
      {state && !state.ok && !errors.password && <Alert>{state.error.message}</Alert>}
      {needsPassword && (
        <Field id="password" name="password" type="password" label="Password" autoComplete="current-password" required error={errors.password} />
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Please wait…" : "Confirm my address"}
      </Button>
    </form>
  );
}
