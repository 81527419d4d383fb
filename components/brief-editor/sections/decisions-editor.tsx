"use client";

import type { Decision } from "@/lib/briefs/schema";
import { LIST_ITEM_MAX } from "@/lib/contract/bounds";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { newRowKey, type Row } from "../form-model";
import { SectionRows, type EditorProps } from "./section-rows";
import { TriStateSelect } from "./tri-state-select";

/** Decisions: what was decided, where it came from, and whether it was stated or inferred. */
export function DecisionsEditor(props: EditorProps<Row<Decision>[]>) {
  return (
    <SectionRows<Decision> {...props} makeNew={() => ({ key: newRowKey(), value: { text: "", stated: true } })}>
      {({ row: { value: d }, label, control, set }) => (
        <div className="space-y-3">
          <Textarea {...control("text")} label={`${label} text`} limit={LIST_ITEM_MAX} rows={1} autoGrow value={d.text} onChange={(e) => set((v) => ({ ...v, text: e.target.value }))} />
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <Field
              {...control("source")}
              label={`${label} source`}
              limit={LIST_ITEM_MAX}
              value={d.source ?? ""}
              placeholder="Where it came from"
              onChange={(e) => set((v) => ({ ...v, source: e.target.value === "" ? undefined : e.target.value }))}
            />
            <TriStateSelect id={control("stated").id} label={`${label} provenance`} value={d.stated} yes="Stated" no="Inferred" unknown="Unknown" onChange={(stated) => set((v) => ({ ...v, stated }))} />
          </div>
        </div>
      )}
    </SectionRows>
  );
}
