"use client";

import type { ValidationIssue } from "@/lib/errors";
import { Alert } from "@/components/ui/alert";
import { describePath, focusField } from "./field-errors";

/** After a save was tried: every field that needs attention, each a link to the field. */
export function ErrorSummary({ issues }: { issues: ValidationIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <div className="mb-4" data-testid="error-summary">
      <Alert>
        <p className="font-medium">{issues.length === 1 ? "One field needs attention" : `${issues.length} fields need attention`} before saving:</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {issues.slice(0, 12).map((issue, index) => (
            <li key={`${issue.path}-${index}`}>
              <button type="button" className="text-left underline" onClick={() => focusField(issue.path)}>
                {describePath(issue.path)}
              </button>
              : {issue.message}
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
