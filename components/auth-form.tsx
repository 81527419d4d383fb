"use client";

import { useActionState } from "react";
import type { AuthFormState } from "@/components/auth/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { Field } from "./ui/field";

export function AuthForm({
  mode,
  action,
  callbackUrl,
}: {
  mode: "signin" | "signup";
  action: (prev: AuthFormState, form: FormData) => Promise<AuthFormState>;
  callbackUrl: string;
}) {
  const [state, formAction, pending] = useActionState(action, undefined);
  const errors = fieldErrors(state);
  // React empties the form once the action has answered, back to these defaults: after a refusal
  // they are what was typed (the server sends back the email and name), so only the password is
  // typed again, as on most sign-in pages.
  const typed = state?.typed;
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state && !state.ok && !Object.keys(errors).length && <Alert>{state.error.message}</Alert>}
      {mode === "signup" && <Field id="name" name="name" label="Name" autoComplete="name" defaultValue={typed?.name} error={errors.name} />}
      <Field id="email" name="email" type="email" label="Email" autoComplete="email" required defaultValue={typed?.email} error={errors.email} />
      <Field
        id="password"
        name="password"
        type="password"
        label="Password"
        autoComplete={mode === "signup" ? "new-password" : "current-password"}
        required
        error={errors.password}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Please wait…" : mode === "signup" ? "Create account" : "Sign in"}
      </Button>
    </form>
  );
}
