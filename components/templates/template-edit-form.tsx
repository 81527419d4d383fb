"use client";

import { useRouter } from "next/navigation";
import { useId } from "react";
import { TEMPLATE_NAME_MAX } from "@/lib/contract/bounds";
import type { TemplateView } from "@/lib/templates/template-schema";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Textarea } from "../ui/textarea";
import { TemplateDescriptionField } from "./template-description-field";
import { useIdempotentAction } from "../use-idempotent-action";
import { updateTemplateAction } from "./actions";

type Issue = { path: string; message: string };

/**
 * A template's name, description and content. The content is its JSON, in the brief's content
 * format (docs/contract.md#content-sections); the server checks it by the brief's rules and each
 * problem is listed with where it is.
 */
export function TemplateEditForm({ template }: { template: TemplateView }) {
  const router = useRouter();
  const id = useId();
  const [state, onSubmit, pending] = useIdempotentAction(updateTemplateAction, { resetOnSuccess: false, onSuccess: () => router.refresh() });
  const failed = state && !state.ok ? state.error : null;
  const issues = failed?.code === "VALIDATION_ERROR" ? ((failed.details?.issues ?? []) as Issue[]) : [];
  const issueAt = (field: string) => issues.find((issue) => issue.path === field)?.message;
  const contentIssues = issues.filter((issue) => issue.path === "content" || issue.path.startsWith("content.") || issue.path.startsWith("content["));
  const contentProblem = failed && (failed.code === "CONTENT_TOO_LARGE" ? failed.message : contentIssues.length ? "The content is not valid brief content." : undefined);
  return (
    <details className="group rounded-md border border-slate-200 open:bg-slate-50">
      <summary className="cursor-pointer px-3 py-1.5 text-sm font-medium text-indigo-700">Edit “{template.name}”</summary>
      <form onSubmit={onSubmit} className="space-y-3 p-3" aria-label={`Edit template ${template.name}`}>
        <input type="hidden" name="templateId" value={template.id} />
        {failed && !issueAt("name") && !issueAt("description") && !contentProblem && <Alert>{failed.message}</Alert>}
        {state?.ok && <Alert tone="success">Template saved.</Alert>}
        <Field id={`${id}-name`} name="name" label="Name" defaultValue={template.name} required maxLength={TEMPLATE_NAME_MAX} autoComplete="off" error={issueAt("name")} />
        <TemplateDescriptionField id={`${id}-description`} label="Description" defaultValue={template.description ?? ""} error={issueAt("description")} />
        <Textarea
          id={`${id}-content`}
          name="content"
          label="Content (JSON)"
          hint="The sections a new brief starts with, as in the brief's JSON export. Checklist rows are always saved unticked."
          rows={16}
          spellCheck={false}
          className="font-mono text-xs"
          defaultValue={JSON.stringify(template.content, null, 2)}
          error={contentProblem || undefined}
        />
        {contentIssues.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-rose-800" aria-label="Problems in the content">
            {contentIssues.map((issue) => (
              <li key={`${issue.path}:${issue.message}`}>
                <code>{issue.path}</code>: {issue.message}
              </li>
            ))}
          </ul>
        )}
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save template"}
        </Button>
      </form>
    </details>
  );
}
