"use client";

import { useRouter } from "next/navigation";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { deleteTemplateAction } from "./actions";

/** Deletes a template after asking; briefs started from it keep their content. */
export function DeleteTemplateButton({ templateId, name }: { templateId: string; name: string }) {
  const router = useRouter();
  return (
    <ConfirmDialog
      triggerLabel="Delete"
      triggerAriaLabel={`Delete template ${name}`}
      triggerVariant="ghost"
      title={`Delete the template “${name}”?`}
      confirmLabel="Delete template"
      onConfirm={async () => {
        const result = await deleteTemplateAction(templateId);
        if (!result.ok) return result.error.message;
        router.refresh();
      }}
    >
      New briefs can no longer start from it. Briefs already started from it keep their content.
    </ConfirmDialog>
  );
}
