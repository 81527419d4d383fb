"use client";

import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import { ID_MAX, LIST_ITEM_MAX } from "@/lib/contract/bounds";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/labelled-control";
import { QualityTextarea } from "../quality/quality-textarea";
import { newRowKey, type Row } from "../form-model";
import { nextId, withImplementation } from "./row-edits";
import { SectionRows, type EditorProps, type RowContext } from "./section-rows";

/** Acceptance criteria and required evidence: an id, a text, and manual evidence where no code is needed. */
export function CriteriaEditor(props: EditorProps<Row<AcceptanceCriterion>[]>) {
  const prefix = props.def.key === "acceptanceCriteria" ? "AC" : "EV";
  return (
    <SectionRows<AcceptanceCriterion>
      {...props}
      makeNew={(rows) => ({ key: newRowKey(), value: { id: nextId(prefix, rows.map((r) => r.value.id)), text: "" } })}
    >
      {(row) => <CriterionRow {...row} section={props.def.key === "acceptanceCriteria" ? "acceptanceCriteria" : "requiredEvidence"} />}
    </SectionRows>
  );
}

function CriterionRow({ row: { value: c }, index, label, control, set, section }: RowContext<AcceptanceCriterion> & { section: "acceptanceCriteria" | "requiredEvidence" }) {
  const needsImplementation = c.implementation !== false;
  const showEvidence = !needsImplementation || c.manualEvidence !== undefined;
  const evidence = control("manualEvidence");
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <Field {...control("id")} label={`${label} id`} value={c.id} maxLength={ID_MAX} spellCheck={false} onChange={(e) => set((v) => ({ ...v, id: e.target.value }))} />
        <QualityTextarea
          {...control("text")}
          section={section}
          index={index}
          label={`${label} text`}
          limit={LIST_ITEM_MAX}
          rows={1}
          autoGrow
          value={c.text}
          onChange={(e) => set((v) => ({ ...v, text: e.target.value }))}
        />
      </div>
      <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          role="switch"
          id={control("implementation").id}
          checked={needsImplementation}
          onChange={(e) => set((v) => withImplementation(v, e.target.checked))}
          className="h-4 w-7 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-3 before:w-3 before:translate-x-0.5 before:rounded-full before:bg-white before:transition-transform checked:bg-indigo-600 checked:before:translate-x-3.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        />
        <span>Needs implementation</span>
        <span className="sr-only">for {label}</span>
      </label>
      {showEvidence && (
        <fieldset className="rounded-md border border-amber-200 bg-amber-50/60 p-3" id={evidence.id} tabIndex={-1}>
          <legend className="px-1 text-xs font-medium text-amber-900">
            Manual evidence {needsImplementation ? "(optional while implementation is needed)" : "(required: no implementation)"}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Textarea
              {...control("manualEvidence.rationale")}
              label={`${label} rationale`}
              limit={LIST_ITEM_MAX}
              rows={1}
              autoGrow
              value={c.manualEvidence?.rationale ?? ""}
              onChange={(e) => set((v) => ({ ...v, manualEvidence: { rationale: e.target.value, evidencePath: v.manualEvidence?.evidencePath ?? "" } }))}
            />
            <Field
              {...control("manualEvidence.evidencePath")}
              label={`${label} evidence path`}
              limit={LIST_ITEM_MAX}
              value={c.manualEvidence?.evidencePath ?? ""}
              onChange={(e) => set((v) => ({ ...v, manualEvidence: { rationale: v.manualEvidence?.rationale ?? "", evidencePath: e.target.value } }))}
            />
          </div>
          {evidence.error && (
            <div className="mt-2">
              <FieldError {...evidence} />
            </div>
          )}
          {needsImplementation && (
            <button type="button" className="mt-2 text-xs font-medium text-amber-900 underline" onClick={() => set((v) => ({ ...v, manualEvidence: undefined }))}>
              Remove manual evidence
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
