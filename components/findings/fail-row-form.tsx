"use client";

import { evidenceFileAccept, megabytes } from "@/components/evidence/evidence-files";
import { useFileFormSubmit } from "@/components/evidence/use-file-form-submit";
import { Alert } from "@/components/ui/alert";
import { labelClassName } from "@/components/ui/field-styles";
import { FileField } from "@/components/ui/file-field";
import { Select } from "@/components/ui/select";
import { SubmitOrCancel } from "@/components/ui/submit-or-cancel";
import { Textarea } from "@/components/ui/textarea";
import { FINDING_NOTE_MAX } from "@/lib/contract/bounds";
import { findingSeverities, findingSeverityViews } from "./finding-labels";

const severityOptions = findingSeverities.map((value) => ({ value, label: findingSeverityViews[value].label }));

/**
 * QA marks a row failed: what went wrong, how bad it is, which criteria it affects (optional) and a
 * screenshot (optional). Cleared once recorded; kept as typed when refused.
 */
export function FailRowForm({
  idPrefix,
  index,
  rowText,
  criterionIds,
  maxFileBytes,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  idPrefix: string;
  index: number;
  rowText: string;
  criterionIds: string[];
  maxFileBytes: number;
  pending: boolean;
  error: string | null;
  onSubmit: (form: FormData) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { submit, shownError } = useFileFormSubmit({
    maxFileBytes,
    error,
    problemOf: (form) => (String(form.get("note") ?? "").trim() === "" ? "Say what went wrong." : null),
    complete: (form) => {
      form.set("index", String(index));
      form.set("expectedText", rowText);
    },
    onSubmit,
  });
  return (
    <form data-proof-controls onSubmit={submit} aria-label={`Mark “${rowText}” failed`} className="@container mt-2 space-y-3 rounded-md border border-slate-200 bg-white p-3">
      <Textarea id={`${idPrefix}-note`} name="note" label="What went wrong" rows={2} autoGrow maxLength={FINDING_NOTE_MAX} />
      <div className="grid gap-3 @md:grid-cols-2">
        <Select id={`${idPrefix}-severity`} name="severity" label="Severity" options={severityOptions} defaultValue="major" />
        <FileField id={`${idPrefix}-file`} name="file" label="Screenshot (optional)" accept={evidenceFileAccept} hint={`PNG, JPEG, PDF or text, up to ${megabytes(maxFileBytes)}.`} />
      </div>
      {criterionIds.length > 0 && (
        <fieldset className="min-w-0">
          <legend className={labelClassName}>Criteria it affects (optional)</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
            {criterionIds.map((id) => (
              <label key={id} className="flex min-w-0 items-center gap-2 break-all">
                <input type="checkbox" name="criterionIds" value={id} className="h-4 w-4 shrink-0 accent-indigo-600" /> {id}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {shownError && <Alert>{shownError}</Alert>}
      <SubmitOrCancel className="flex flex-wrap gap-2" label="Mark failed" pendingLabel="Saving…" pending={pending} variant="danger" onCancel={onCancel} />
    </form>
  );
}
