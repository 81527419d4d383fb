"use client";

import { Textarea } from "@/components/ui/textarea";
import { newRowKey, type Row } from "../form-model";
import { SectionRows, type EditorProps } from "./section-rows";

/** A list of one-line texts (requirements, edge cases, test plans…). */
export function TextListEditor(props: EditorProps<Row<string>[]>) {
  return (
    <SectionRows<string> {...props} makeNew={() => ({ key: newRowKey(), value: "" })} compact>
      {({ row, label, control, set }) => <Textarea {...control()} label={label} hideLabel rows={1} autoGrow value={row.value} onChange={(e) => set(() => e.target.value)} />}
    </SectionRows>
  );
}
