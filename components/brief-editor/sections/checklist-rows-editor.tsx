"use client";

import type { QaChecklistItem } from "@/lib/briefs/schema";
import { formatDateTime } from "@/components/ui/date-format";
import { Textarea } from "@/components/ui/textarea";
import { newRowKey, type Row } from "../form-model";
import { SectionRows, type EditorProps } from "./section-rows";

/** The QA checklist's rows as text: ticking happens in the QA checklist panel, not here. */
export function ChecklistRowsEditor(props: EditorProps<Row<QaChecklistItem>[]>) {
  return (
    <SectionRows<QaChecklistItem> {...props} makeNew={() => ({ key: newRowKey(), value: { text: "", checked: false } })} emptyText="No QA checklist rows yet." compact>
      {({ row: { value: item }, label, control, set }) => (
        <div>
          <Textarea {...control("text")} label={label} hideLabel rows={1} autoGrow value={item.text} onChange={(e) => set((v) => ({ ...v, text: e.target.value }))} />
          <p className="mt-1 text-xs text-slate-500">
            {item.checked ? `☑ Checked${item.checkedBy ? ` by ${item.checkedBy}` : ""}${item.checkedAt ? ` at ${formatDateTime(item.checkedAt)}` : ""}` : "☐ Not checked"}
          </p>
        </div>
      )}
    </SectionRows>
  );
}
