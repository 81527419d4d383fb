import type { ReactNode } from "react";

/** A table's header row: one column heading each, in the tables' one look. */
export function ColumnHeads({ columns, className = "bg-slate-50 text-slate-600" }: { columns: ReactNode[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className="px-3 py-2 font-medium">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
