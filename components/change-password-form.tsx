"use client";

import { useActionState } from "react";
import type { changePasswordAction } from "@/components/account/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { Field } from "./ui/field";

export function ChangePasswordForm({ action }: { action: typeof changePasswordAction }) {
  const [state, formAction, pending] = useActionState(action, undefined);
  const errors = fieldErrors(state);
  return (
    <form action={formAction} aria-label="Change password" className="space-y-4" noValidate>
      {state && !state.ok && !Object.keys(errors).length && <Alert>{state.error.message}</Alert>}
      {state?.ok && (
        <Alert tone="success">
          Password changed. {state.data.endedSessions === 1 ? "1 other session was" : `${state.data.endedSessions} other sessions were`} signed out.
        </Alert>
      )}
      <Field id="currentPassword" name="currentPassword" type="password" label="Current password" autoComplete="current-password" required error={errors.currentPassword} />
      <Field id="newPassword" name="newPassword" type="password" label="New password" autoComplete="new-password" required error={errors.newPassword} />
      <Button type="submit" disabled={pending}>
        {pending ? "Please wait…" : "Change password"}
      </Button>
    </form>
  );
}
