"use client";

import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { ARRAY_MAX } from "@/lib/contract/bounds";
import { controlClassName, labelClassName } from "@/components/ui/field-styles";
import { codePointLength } from "@/lib/contract/bounded-text";
import { fieldId } from "./form-model";

/** Small form pieces of the brief editor; every field is found by its server path. */

const inputBase = `${controlClassName} aria-invalid:ring-rose-100`;

export function ErrorText({ path, error }: { path: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${fieldId(path)}-error`} className="mt-1 text-sm text-rose-600">
      {error}
    </p>
  );
}

export function Counter({ value, max }: { value: string; max: number }) {
  const length = codePointLength(value);
  const over = length > max;
  return (
    <span className={`shrink-0 text-xs tabular-nums ${over ? "font-medium text-rose-600" : length > max * 0.9 ? "text-amber-700" : "text-slate-500"}`}>
      {length} / {max}
    </span>
  );
}

type Labelled = { path: string; label: string; hideLabel?: boolean; error?: string; max?: number; hint?: ReactNode };

function LabelRow({ path, label, hideLabel, max, value }: Labelled & { value: string }) {
  if (hideLabel && max === undefined) return null;
  return (
    <div className="mb-1 flex items-baseline justify-between gap-2">
      <label htmlFor={fieldId(path)} className={hideLabel ? "sr-only" : labelClassName}>
        {label}
      </label>
      {max !== undefined && <Counter value={value} max={max} />}
    </div>
  );
}

export function TextInput({
  path,
  label,
  hideLabel,
  error,
  max,
  hint,
  value,
  ...props
}: Labelled & { value: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "id">) {
  return (
    <div className="min-w-0">
      <LabelRow path={path} label={label} hideLabel={hideLabel} max={max} value={value} />
      {hideLabel && max === undefined && (
        <label htmlFor={fieldId(path)} className="sr-only">
          {label}
        </label>
      )}
      <input
        id={fieldId(path)}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId(path)}-error` : undefined}
        className={inputBase}
        {...props}
      />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <ErrorText path={path} error={error} />
    </div>
  );
}

export function TextArea({
  path,
  label,
  hideLabel,
  error,
  max,
  hint,
  value,
  className = "",
  ...props
}: Labelled & { value: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "id">) {
  return (
    <div className="min-w-0">
      <LabelRow path={path} label={label} hideLabel={hideLabel} max={max} value={value} />
      {hideLabel && max === undefined && (
        <label htmlFor={fieldId(path)} className="sr-only">
          {label}
        </label>
      )}
      <textarea
        id={fieldId(path)}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId(path)}-error` : undefined}
        className={`${inputBase} field-sizing-content min-h-10 resize-y ${className}`}
        {...props}
      />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <ErrorText path={path} error={error} />
    </div>
  );
}

function IconButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-30 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  );
}

/**
 * A list section: rows with move up/down and remove, an add button, and the item count against
 * the contract's bound. The caller renders each row's fields.
 */
export function RowList<T>({
  rows,
  itemLabel,
  path,
  error,
  emptyText,
  onChange,
  makeNew,
  renderRow,
  compact,
}: {
  rows: { key: string; value: T }[];
  itemLabel: string;
  path: string;
  error?: string;
  emptyText: string;
  onChange: (rows: { key: string; value: T }[]) => void;
  makeNew: () => { key: string; value: T };
  renderRow: (row: { key: string; value: T }, index: number) => ReactNode;
  compact?: boolean;
}) {
  const move = (index: number, delta: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + delta, 0, row);
    onChange(next);
  };
  const lower = lowerFirst(itemLabel);
  return (
    <div id={fieldId(path)} tabIndex={-1} className="space-y-2 outline-none">
      {rows.length > 0 && (
        <ol className="space-y-2">
          {rows.map((row, index) => (
            <li
              key={row.key}
              className={`flex gap-2 ${compact ? "items-start" : "items-start rounded-lg border border-slate-200 bg-slate-50/60 p-3"}`}
            >
              <span className="mt-2 w-6 shrink-0 text-right text-xs tabular-nums text-slate-400" aria-hidden>
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">{renderRow(row, index)}</div>
              <div className="flex shrink-0 flex-col sm:flex-row">
                <IconButton label={`Move ${lower} ${index + 1} up`} onClick={() => move(index, -1)} disabled={index === 0}>
                  ↑
                </IconButton>
                <IconButton label={`Move ${lower} ${index + 1} down`} onClick={() => move(index, 1)} disabled={index === rows.length - 1}>
                  ↓
                </IconButton>
                <IconButton label={`Remove ${lower} ${index + 1}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  ✕
                </IconButton>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {rows.length === 0 && <span className="text-sm text-slate-500">{emptyText}</span>}
        <button
          type="button"
          onClick={() => onChange([...rows, makeNew()])}
          disabled={rows.length >= ARRAY_MAX}
          className="rounded-md border border-dashed border-indigo-300 px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-400"
        >
          + Add {lower}
        </button>
        {rows.length > 0 && (
          <span className={`text-xs ${rows.length > ARRAY_MAX ? "text-rose-600" : "text-slate-500"}`}>
            {rows.length} / {ARRAY_MAX} items
          </span>
        )}
      </div>
      <ErrorText path={path} error={error} />
    </div>
  );
}

/** "Edge case" → "edge case", but "UI/UX test" stays as it is. */
export function lowerFirst(label: string): string {
  return label.replace(/^[A-Z](?=[a-z\s])/, (c) => c.toLowerCase());
}

/** A three-way choice for an optional boolean: yes, no, or not said (omitted). */
export function TriStateSelect({
  path,
  label,
  value,
  onChange,
  yes,
  no,
  unknown,
  disabled,
}: {
  path: string;
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  yes: string;
  no: string;
  unknown: string;
  disabled?: boolean;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={fieldId(path)} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={fieldId(path)}
        value={value === undefined ? "" : String(value)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value === "true")}
        className={inputBase}
      >
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
        <option value="">{unknown}</option>
      </select>
    </div>
  );
}
