"use client";

import { fieldId } from "../form-model";
import { boundCriteriaOptions, withBoundCriterion } from "./row-edits";

/**
 * One checkbox per acceptance criterion of the brief, plus any bound id that is no longer a
 * criterion (marked, so it can be unbound). Errors of the list and of its items show below.
 */
export function BoundCriteriaField({
  path,
  label,
  criteriaIds,
  value,
  errors,
  onChange,
}: {
  path: string;
  label: string;
  criteriaIds: string[];
  value: string[];
  errors: Record<string, string>;
  onChange: (ids: string[]) => void;
}) {
  const options = boundCriteriaOptions(criteriaIds, value);
  return (
    <fieldset id={fieldId(path)} tabIndex={-1}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">Add acceptance criteria to bind them here.</p>
      ) : (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {options.map((id) => (
            <label key={id} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                checked={value.includes(id)}
                onChange={(e) => onChange(withBoundCriterion(options, value, id, e.target.checked))}
              />
              <span className="font-mono text-xs">{id}</span>
              {!criteriaIds.includes(id) && <span className="text-xs text-amber-700">(not a criterion of this brief)</span>}
            </label>
          ))}
        </div>
      )}
      {Object.entries(errors)
        .filter(([p]) => p.startsWith(path))
        .map(([p, message]) => (
          <p key={p} className="mt-1 text-sm text-rose-600">
            {message}
          </p>
        ))}
    </fieldset>
  );
}
