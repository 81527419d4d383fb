"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FileField } from "@/components/ui/file-field";
import { labelClassName } from "@/components/ui/field-styles";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { EVIDENCE_SUMMARY_MAX, LINK_URL_MAX } from "@/lib/contract/bounds";
import { evidenceFileAccept, megabytes } from "./evidence-files";
import { evidenceKindOptions } from "./evidence-kinds";
import { useFileFormSubmit } from "./use-file-form-submit";

/**
 * Evidence for one criterion: what kind it is, whether it passed, a summary, and either a file
 * (a screenshot, a PDF, a log) or a link. Cleared once recorded; kept as typed when refused.
 */
export function EvidenceForm({
  idPrefix,
  criterionId,
  maxFileBytes,
  pending,
  error,
  onSubmit,
}: {
  idPrefix: string;
  criterionId: string;
  maxFileBytes: number;
  pending: boolean;
  error: string | null;
  onSubmit: (form: FormData) => Promise<boolean>;
}) {
  const linkOf = (form: FormData) => String(form.get("url") ?? "").trim();
  const { submit, shownError } = useFileFormSubmit({
    maxFileBytes,
    error,
    problemOf: (form, file) => (file && linkOf(form) ? "Attach a file or give a link, not both." : !file && !linkOf(form) ? "Attach a file or give a link." : null),
    complete: (form) => {
      if (!linkOf(form)) form.delete("url");
      form.set("criterionIds", criterionId);
    },
    onSubmit,
  });
  return (
    <form onSubmit={submit} aria-label={`Evidence for ${criterionId}`} className="@container space-y-3">
      <div className="grid gap-3 @md:grid-cols-2">
        <Select id={`${idPrefix}-kind`} name="kind" label="Kind" options={evidenceKindOptions} defaultValue="screenshot" />
        <fieldset className="min-w-0 space-y-1">
          <legend className={labelClassName}>Result</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm text-slate-800">
            <label className="flex items-center gap-2">
              <input type="radio" name="result" value="pass" defaultChecked className="h-4 w-4 accent-emerald-600" /> Passed
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="result" value="fail" className="h-4 w-4 accent-rose-600" /> Failed
            </label>
          </div>
        </fieldset>
      </div>
      <Textarea id={`${idPrefix}-summary`} name="summary" label="Summary" hint="What was checked and what it showed. Markdown works." rows={2} autoGrow maxLength={EVIDENCE_SUMMARY_MAX} required />
      <div className="grid gap-3 @md:grid-cols-2">
        <FileField id={`${idPrefix}-file`} name="file" label="Screenshot or file" accept={evidenceFileAccept} hint={`PNG, JPEG, PDF or text, up to ${megabytes(maxFileBytes)}.`} />
        <Field id={`${idPrefix}-url`} name="url" label="Or a link" inputMode="url" placeholder="https://" maxLength={LINK_URL_MAX} />
      </div>
      {shownError && <Alert>{shownError}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? "Adding…" : "Add evidence"}
      </Button>
    </form>
  );
}
