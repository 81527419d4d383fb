"use client";

import { useRouter } from "next/navigation";
import { createBriefAction } from "@/components/projects/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Select } from "../ui/select";
import { useIdempotentAction } from "../use-idempotent-action";
import { TITLE_MAX } from "@/lib/contract/bounds";

/** A template the form offers: its id and what a person chooses it by. */
export type TemplateChoice = { id: string; name: string; description: string | null };

/**
 * Creates a brief in `drafting`, blank or from one of the project's templates, and opens it in the
 * editor (edit mode: a new brief is there to be written).
 */
export function NewBriefForm({ projectId, templates = [] }: { projectId: string; templates?: readonly TemplateChoice[] }) {
  const router = useRouter();
  const [state, onSubmit, pending] = useIdempotentAction(createBriefAction, {
    resetOnSuccess: false,
    // A new brief has nothing to read yet: it opens in the editor.
    onSuccess: (brief) => router.push(`/projects/${brief.projectId}/briefs/${brief.id}?mode=edit`),
  });
  const errors = fieldErrors(state);
  return (
    <form onSubmit={onSubmit} aria-label="New brief" className="space-y-3">
      <input type="hidden" name="projectId" value={projectId} />
      {state && !state.ok && !errors.title && !errors.template && <Alert>{state.error.message}</Alert>}
      <Field
        id="new-brief-title"
        name="title"
        label="Brief title"
        placeholder="e.g. Password reset by email"
        required
        maxLength={TITLE_MAX}
        autoComplete="off"
        error={errors.title}
      />
      {templates.length > 0 && (
        <Select
          id="new-brief-template"
          name="template"
          label="Start from"
          defaultValue=""
          error={errors.template}
          options={[{ value: "", label: "Blank brief" }, ...templates.map((t) => ({ value: t.id, label: t.name }))]}
        />
      )}
      <Button type="submit" disabled={pending || state?.ok} className="w-full sm:w-auto">
        {pending || state?.ok ? "Creating…" : "Create brief"}
      </Button>
    </form>
  );
}
