"use client";

import type { ReactNode } from "react";
import { ARRAY_MAX } from "@/lib/contract/bounds";
import { FieldError } from "@/components/ui/labelled-control";
import { fieldId, type Row } from "../form-model";
import { lowerFirst, moveRow } from "./row-edits";

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
  rows: Row<T>[];
  itemLabel: string;
  path: string;
  error?: string;
  emptyText: string;
  onChange: (rows: Row<T>[]) => void;
  makeNew: () => Row<T>;
  renderRow: (row: Row<T>, index: number) => ReactNode;
  compact?: boolean;
}) {
  const lower = lowerFirst(itemLabel);
  return (
    <div id={fieldId(path)} tabIndex={-1} className="space-y-2 outline-none">
      {rows.length > 0 && (
        <ol className="space-y-2">
          {rows.map((row, index) => (
            <li key={row.key} className={`flex gap-2 ${compact ? "items-start" : "items-start rounded-lg border border-slate-200 bg-slate-50/60 p-3"}`}>
              <span className="mt-2 w-6 shrink-0 text-right text-xs tabular-nums text-slate-600" aria-hidden>
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">{renderRow(row, index)}</div>
              <div className="flex shrink-0 flex-col sm:flex-row">
                <IconButton label={`Move ${lower} ${index + 1} up`} onClick={() => onChange(moveRow(rows, index, -1))} disabled={index === 0}>
                  ↑
                </IconButton>
                <IconButton label={`Move ${lower} ${index + 1} down`} onClick={() => onChange(moveRow(rows, index, 1))} disabled={index === rows.length - 1}>
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
      <FieldError id={fieldId(path)} error={error} />
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
