"use client";

import { useRouter } from "next/navigation";
import { createProjectAction } from "@/components/projects/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { Field } from "./ui/field";
import { Textarea } from "./ui/textarea";
import { useIdempotentAction } from "./use-idempotent-action";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@/lib/contract/bounds";

/** Creates a project (the creator is its owner) and opens it. */
export function CreateProjectForm() {
  const router = useRouter();
  const [state, onSubmit, pending] = useIdempotentAction(createProjectAction, {
    resetOnSuccess: false,
    onSuccess: (project) => router.push(`/projects/${project.id}`),
  });
  const errors = fieldErrors(state);
  const busy = pending || state?.ok;
  return (
    <form onSubmit={onSubmit} aria-label="New project" className="space-y-3">
      {state && !state.ok && !Object.keys(errors).length && <Alert>{state.error.message}</Alert>}
      <Field id="project-name" name="name" label="Project name" required maxLength={PROJECT_NAME_MAX} autoComplete="off" error={errors.name} />
      <Textarea
        id="project-description"
        name="description"
        label="Description (optional)"
        rows={3}
        maxLength={PROJECT_DESCRIPTION_MAX}
        error={errors.description}
      />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? "Creating…" : "Create project"}
      </Button>
    </form>
  );
}
