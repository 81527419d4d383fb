"use client";

import type { SourceArtifactLink } from "@/lib/briefs/schema";
import { LINK_KIND_MAX, LIST_ITEM_MAX } from "@/lib/contract/bounds";
import { Field } from "@/components/ui/field";
import { newRowKey, type Row } from "../form-model";
import { SectionRows, type EditorProps } from "./section-rows";
import { TriStateSelect } from "./tri-state-select";

/** Source artifacts: the documents, tickets and files the brief was written from. */
export function LinksEditor(props: EditorProps<Row<SourceArtifactLink>[]>) {
  return (
    <SectionRows<SourceArtifactLink> {...props} makeNew={() => ({ key: newRowKey(), value: { label: "" } })}>
      {({ row: { value: l }, label, control, set }) => (
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem_9rem]">
          <Field {...control("label")} label={`${label} label`} limit={LIST_ITEM_MAX} value={l.label} onChange={(e) => set((v) => ({ ...v, label: e.target.value }))} />
          <Field
            {...control("kind")}
            label={`${label} kind`}
            value={l.kind ?? ""}
            maxLength={LINK_KIND_MAX}
            placeholder="doc, ticket…"
            onChange={(e) => set((v) => ({ ...v, kind: e.target.value === "" ? undefined : e.target.value }))}
          />
          <TriStateSelect id={control("read").id} label={`${label} read`} value={l.read} yes="Read" no="Not read" unknown="Unknown" onChange={(read) => set((v) => ({ ...v, read }))} />
        </div>
      )}
    </SectionRows>
  );
}
