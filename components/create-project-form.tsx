"use client";

import { useActionState, useEffect, useState } from "react";
import { createProjectAction } from "@/app/projects/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { Field } from "./ui/field";

export function CreateProjectForm() {
  const [state, action, pending] = useActionState(createProjectAction, undefined);
  // One key per intended creation: a double submit replays instead of creating twice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  useEffect(() => {
    if (state?.ok) setKey(crypto.randomUUID());
  }, [state]);
  const errors = fieldErrors(state);
  return (
    <form action={action} className="space-y-3" key={key}>
      <input type="hidden" name="idempotencyKey" value={key} />
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
