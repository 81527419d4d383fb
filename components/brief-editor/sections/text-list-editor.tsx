"use client";

import { CHECKED_SECTIONS, type CheckedSection } from "@/lib/quality/rule-ids";
import { Textarea } from "@/components/ui/textarea";
import { newRowKey, type Row } from "../form-model";
import { QualityTextarea } from "../quality/quality-textarea";
import { SectionRows, type EditorProps } from "./section-rows";

/** A list of one-line texts (requirements, edge cases, test plans…); checked ones show their quality findings. */
export function TextListEditor(props: EditorProps<Row<string>[]>) {
  const checked = (CHECKED_SECTIONS as readonly string[]).includes(props.def.key) ? (props.def.key as CheckedSection) : null;
  return (
    <SectionRows<string> {...props} makeNew={() => ({ key: newRowKey(), value: "" })} compact>
      {({ row, index, label, control, set }) => {
        const field = { ...control(), label, hideLabel: true, rows: 1, autoGrow: true, value: row.value, onChange: (e: { target: { value: string } }) => set(() => e.target.value) };
        return checked ? <QualityTextarea {...field} section={checked} index={index} /> : <Textarea {...field} />;
      }}
    </SectionRows>
  );
}
