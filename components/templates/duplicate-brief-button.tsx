"use client";

import { useRouter } from "next/navigation";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { useIdempotentAction } from "../use-idempotent-action";
import { duplicateBriefAction } from "./actions";

/**
 * "Duplicate": a new brief of the same project with this brief's current content and nothing of its
 * history (docs/contract.md#templates), opened in the editor. A form with an idempotency key, so a
 * double click makes one copy.
 */
export function DuplicateBriefButton({ briefId }: { briefId: string }) {
  const router = useRouter();
  const [state, onSubmit, pending] = useIdempotentAction(duplicateBriefAction, {
    resetOnSuccess: false,
    onSuccess: (copy) => router.push(`/projects/${copy.projectId}/briefs/${copy.id}?mode=edit`),
  });
  return (
    <form onSubmit={onSubmit} className="inline-flex items-center gap-2 print:hidden" aria-label="Duplicate brief">
      <input type="hidden" name="briefId" value={briefId} />
      <Button type="submit" variant="ghost" className="px-2 py-1 text-xs" disabled={pending || state?.ok} title="A new brief with this content, at version 1, without its history">
        {pending || state?.ok ? "Duplicating…" : "Duplicate"}
      </Button>
      {state && !state.ok && <Alert>{state.error.message}</Alert>}
    </form>
  );
}
