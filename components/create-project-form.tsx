"use client";

import { useActionState, useState } from "react";
import { createProjectAction } from "@/app/projects/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { Field } from "./ui/field";

export function CreateProjectForm() {
  const [state, action, pending] = useActionState(createProjectAction, undefined);
  const errors = fieldErrors(state);
  return (
    <form action={action} className="space-y-3">
      {/* A fresh key after each creation; a resubmit of the same one replays instead of creating twice. */}
      <IdempotencyKeyInput key={state?.ok ? state.data.id : "new"} />
      {state && !state.ok && !Object.keys(errors).length && <Alert>{state.error.message}</Alert>}
      {state?.ok && <Alert tone="success">Created “{state.data.name}”.</Alert>}
      <Field id="project-name" name="name" label="Project name" required maxLength={200} error={errors.name} />
      <Field id="project-description" name="description" label="Description (optional)" maxLength={2000} error={errors.description} />
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create project"}
      </Button>
    </form>
  );
}

function IdempotencyKeyInput() {
  const [key] = useState(() => crypto.randomUUID());
  return <input type="hidden" name="idempotencyKey" value={key} />;
}
