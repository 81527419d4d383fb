"use client";

import { useRouter } from "next/navigation";
import { createBriefAction } from "@/components/projects/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { useIdempotentAction } from "../use-idempotent-action";
import { TITLE_MAX } from "@/lib/contract/bounds";

/** Creates a brief in `drafting` and opens it in the editor (edit mode: there is nothing to read yet). */
export function NewBriefForm({ projectId }: { projectId: string }) {
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
      {state && !state.ok && !errors.title && <Alert>{state.error.message}</Alert>}
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
      <Button type="submit" disabled={pending || state?.ok} className="w-full sm:w-auto">
        {pending || state?.ok ? "Creating…" : "Create brief"}
      </Button>
    </form>
  );
}
