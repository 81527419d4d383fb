"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { TEMPLATE_NAME_MAX } from "@/lib/contract/bounds";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { TemplateDescriptionField } from "./template-description-field";
import { useIdempotentAction } from "../use-idempotent-action";
import { saveBriefAsTemplateAction } from "./actions";

/**
 * "Save as template": asks for a name (the brief's title to start with) and a description, in a
 * native modal dialog, then says where the new template is. What is saved is the brief's current
 * content, QA rows unticked (docs/contract.md#templates).
 */
export function SaveAsTemplateDialog({ projectId, briefId, title }: { projectId: string; briefId: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const [state, onSubmit, pending] = useIdempotentAction(saveBriefAsTemplateAction, {
    resetOnSuccess: false,
    onSuccess: (template) => {
      setSaved(template.name);
      dialog.current?.close();
    },
  });
  const errors = fieldErrors(state);
  const failed = state && !state.ok ? state.error : null;
  return (
    <>
      <Button type="button" variant="ghost" className="px-2 py-1 text-xs print:hidden" onClick={() => dialog.current?.showModal()}>
        Save as template
      </Button>
      {saved && (
        <p role="status" className="text-xs text-emerald-800">
          Saved as template “{saved}”.{" "}
          <Link prefetch={false} href={`/projects/${projectId}/templates`} className="font-medium underline">
            See templates
          </Link>
        </p>
      )}
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        <form onSubmit={onSubmit} className="space-y-3 p-5" aria-label="Save as template">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            Save as template
          </h2>
          <p className="text-sm text-slate-600">
            New briefs of this project can start from this brief’s content. Checklist rows are saved unticked; comments, history and
            evidence stay with the brief.
          </p>
          <input type="hidden" name="briefId" value={briefId} />
          {failed && !errors.name && !errors.description && <Alert>{failed.message}</Alert>}
          <Field
            id={`${id}-name`}
            name="name"
            label="Template name"
            defaultValue={Array.from(title).slice(0, TEMPLATE_NAME_MAX).join("")}
            required
            maxLength={TEMPLATE_NAME_MAX}
            autoComplete="off"
            error={errors.name}
          />
          <TemplateDescriptionField id={`${id}-description`} label="Description (optional)" hint="When to use it, in a sentence." error={errors.description} />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => dialog.current?.close()} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Save template"}
            </Button>
          </div>
        </form>
      </dialog>
    </>
  );
}
