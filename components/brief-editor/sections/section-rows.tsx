"use client";

import type { ReactNode } from "react";
import { fieldId, fieldPath, type Row } from "../form-model";
import type { SectionDef } from "../sections";
import { RowList } from "./row-list";
import { lowerFirst, updateRow } from "./row-edits";

/** What every section editor gets: its definition, its rows (undefined when omitted) and the errors by path. */
export type EditorProps<V> = {
  def: SectionDef;
  value: V | undefined;
  onChange: (value: V) => void;
  errors: Record<string, string>;
};

/** One row as its editor sees it: where its fields live, what they are called, and how to change it. */
export type RowContext<T> = {
  row: Row<T>;
  index: number;
  /** "Criterion 2": the prefix of every label in the row. */
  label: string;
  /** The server path of the row or of one of its fields (`content.acceptanceCriteria[1].text`). */
  at: (field?: string) => string;
  /** A control's id and its error, for the row or one of its fields. */
  control: (field?: string) => { id: string; error?: string };
  set: (patch: (value: T) => T) => void;
};

/**
 * A list section over RowList, with the setup every list editor shares: the rows, the section's
 * path and error, the empty text and a row context per row. The editor renders one row's fields.
 */
export function SectionRows<T>({
  def,
  value,
  onChange,
  errors,
  makeNew,
  emptyText = `No ${lowerFirst(def.label)} yet.`,
  compact,
  children,
}: EditorProps<Row<T>[]> & { makeNew: (rows: Row<T>[]) => Row<T>; emptyText?: string; compact?: boolean; children: (row: RowContext<T>) => ReactNode }) {
  const rows = value ?? [];
  const path = fieldPath(def.key);
  return (
    <RowList<T>
      rows={rows}
      itemLabel={def.itemLabel}
      path={path}
      error={errors[path]}
      emptyText={emptyText}
      onChange={onChange}
      makeNew={() => makeNew(rows)}
      compact={compact}
      renderRow={(row, index) => {
        const at = (field?: string) => fieldPath(def.key, index, field);
        return children({
          row,
          index,
          label: `${def.itemLabel} ${index + 1}`,
          at,
          control: (field) => ({ id: fieldId(at(field)), error: errors[at(field)] }),
          set: (patch) => onChange(updateRow(value, row.key, patch)),
        });
      }}
    />
  );
}
