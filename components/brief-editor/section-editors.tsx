"use client";

import { useState } from "react";
import { type AcceptanceCriterion, type Decision, type GeneratedTicket, type QaChecklistItem, type SourceArtifactLink } from "@/lib/briefs/schema";
import { ID_MAX, LINK_KIND_MAX, LIST_ITEM_MAX, LONG_TEXT_MAX, TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX } from "@/lib/contract/bounds";
import { formatDateTime } from "@/components/ui/date-format";
import { fieldId, fieldPath, newRowKey, type Row } from "./form-model";
import { lowerFirst, RowList, TextArea, TextInput, TriStateSelect } from "./fields";
import type { SectionDef } from "./sections";

export type EditorProps<V> = {
  def: SectionDef;
  value: V | undefined;
  onChange: (value: V) => void;
  errors: Record<string, string>;
};

function emptyText(def: SectionDef): string {
  return `No ${lowerFirst(def.label)} yet.`;
}

export function LongTextEditor({ def, value, onChange, errors }: EditorProps<string>) {
  const path = fieldPath(def.key);
  return (
    <TextArea
      path={path}
      label={def.label}
      max={LONG_TEXT_MAX}
      value={value ?? ""}
      rows={3}
      placeholder={def.hint}
      error={errors[path]}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function TextListEditor({ def, value, onChange, errors }: EditorProps<Row<string>[]>) {
  return (
    <RowList<string>
      rows={value ?? []}
      itemLabel={def.itemLabel}
      path={fieldPath(def.key)}
      error={errors[fieldPath(def.key)]}
      emptyText={emptyText(def)}
      onChange={onChange}
      makeNew={() => ({ key: newRowKey(), value: "" })}
      compact
      renderRow={(row, index) => {
        const path = fieldPath(def.key, index);
        return (
          <TextArea
            path={path}
            label={`${def.itemLabel} ${index + 1}`}
            hideLabel
            rows={1}
            value={row.value}
            error={errors[path]}
            onChange={(event) => onChange((value ?? []).map((r) => (r.key === row.key ? { ...r, value: event.target.value } : r)))}
          />
        );
      }}
    />
  );
}

function updateRow<T>(rows: Row<T>[] | undefined, key: string, patch: (value: T) => T): Row<T>[] {
  return (rows ?? []).map((row) => (row.key === key ? { ...row, value: patch(row.value) } : row));
}

export function CriteriaEditor({ def, value, onChange, errors }: EditorProps<Row<AcceptanceCriterion>[]>) {
  const rows = value ?? [];
  const prefix = def.key === "acceptanceCriteria" ? "AC" : "EV";
  return (
    <RowList<AcceptanceCriterion>
      rows={rows}
      itemLabel={def.itemLabel}
      path={fieldPath(def.key)}
      error={errors[fieldPath(def.key)]}
      emptyText={emptyText(def)}
      onChange={onChange}
      makeNew={() => ({ key: newRowKey(), value: { id: nextId(prefix, rows.map((r) => r.value.id)), text: "" } })}
      renderRow={(row, index) => {
        const at = (field?: string) => fieldPath(def.key, index, field);
        const set = (patch: (c: AcceptanceCriterion) => AcceptanceCriterion) => onChange(updateRow(value, row.key, patch));
        const c = row.value;
        const needsImplementation = c.implementation !== false;
        const showEvidence = !needsImplementation || c.manualEvidence !== undefined;
        const label = `${def.itemLabel} ${index + 1}`;
        return (
          <div className="space-y-3">
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <TextInput path={at("id")} label={`${label} id`} value={c.id} error={errors[at("id")]} maxLength={ID_MAX} spellCheck={false} onChange={(e) => set((v) => ({ ...v, id: e.target.value }))} />
              <TextArea path={at("text")} label={`${label} text`} max={LIST_ITEM_MAX} rows={1} value={c.text} error={errors[at("text")]} onChange={(e) => set((v) => ({ ...v, text: e.target.value }))} />
            </div>
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                role="switch"
                id={fieldId(at("implementation"))}
                checked={needsImplementation}
                onChange={(e) =>
                  set((v) => {
                    if (e.target.checked) {
                      const evidence = v.manualEvidence && (v.manualEvidence.rationale || v.manualEvidence.evidencePath) ? v.manualEvidence : undefined;
                      return { ...v, implementation: undefined, manualEvidence: evidence };
                    }
                    return { ...v, implementation: false, manualEvidence: v.manualEvidence ?? { rationale: "", evidencePath: "" } };
                  })
                }
                className="h-4 w-7 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-3 before:w-3 before:translate-x-0.5 before:rounded-full before:bg-white before:transition-transform checked:bg-indigo-600 checked:before:translate-x-3.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              />
              <span>Needs implementation</span>
              <span className="sr-only">for {label}</span>
            </label>
            {showEvidence && (
              <fieldset className="rounded-md border border-amber-200 bg-amber-50/60 p-3" id={fieldId(at("manualEvidence"))} tabIndex={-1}>
                <legend className="px-1 text-xs font-medium text-amber-900">
                  Manual evidence {needsImplementation ? "(optional while implementation is needed)" : "(required: no implementation)"}
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextArea
                    path={at("manualEvidence.rationale")}
                    label={`${label} rationale`}
                    max={LIST_ITEM_MAX}
                    rows={1}
                    value={c.manualEvidence?.rationale ?? ""}
                    error={errors[at("manualEvidence.rationale")]}
                    onChange={(e) => set((v) => ({ ...v, manualEvidence: { rationale: e.target.value, evidencePath: v.manualEvidence?.evidencePath ?? "" } }))}
                  />
                  <TextInput
                    path={at("manualEvidence.evidencePath")}
                    label={`${label} evidence path`}
                    max={LIST_ITEM_MAX}
                    value={c.manualEvidence?.evidencePath ?? ""}
                    error={errors[at("manualEvidence.evidencePath")]}
                    onChange={(e) => set((v) => ({ ...v, manualEvidence: { rationale: v.manualEvidence?.rationale ?? "", evidencePath: e.target.value } }))}
                  />
                </div>
                {errors[at("manualEvidence")] && <p className="mt-2 text-sm text-rose-600">{errors[at("manualEvidence")]}</p>}
                {needsImplementation && (
                  <button type="button" className="mt-2 text-xs font-medium text-amber-900 underline" onClick={() => set((v) => ({ ...v, manualEvidence: undefined }))}>
                    Remove manual evidence
                  </button>
                )}
              </fieldset>
            )}
          </div>
        );
      }}
    />
  );
}

/** The next free id such as AC-3: criteria need ids, and a sensible default saves typing. */
function nextId(prefix: string, taken: string[]): string {
  for (let n = taken.length + 1; ; n++) {
    const id = `${prefix}-${n}`;
    if (!taken.includes(id)) return id;
  }
}

export function ChecklistRowsEditor({ def, value, onChange, errors }: EditorProps<Row<QaChecklistItem>[]>) {
  return (
    <RowList<QaChecklistItem>
      rows={value ?? []}
      itemLabel={def.itemLabel}
      path={fieldPath(def.key)}
      error={errors[fieldPath(def.key)]}
      emptyText="No QA checklist rows yet."
      onChange={onChange}
      makeNew={() => ({ key: newRowKey(), value: { text: "", checked: false } })}
      compact
      renderRow={(row, index) => {
        const path = fieldPath(def.key, index, "text");
        const item = row.value;
        return (
          <div>
            <TextArea
              path={path}
              label={`${def.itemLabel} ${index + 1}`}
              hideLabel
              rows={1}
              value={item.text}
              error={errors[path]}
              onChange={(e) => onChange(updateRow(value, row.key, (v) => ({ ...v, text: e.target.value })))}
            />
            <p className="mt-1 text-xs text-slate-500">
              {item.checked
                ? `☑ Checked${item.checkedBy ? ` by ${item.checkedBy}` : ""}${item.checkedAt ? ` at ${formatDateTime(item.checkedAt)}` : ""}`
                : "☐ Not checked"}
            </p>
          </div>
        );
      }}
    />
  );
}

export function TicketsEditor({ def, value, onChange, errors, criteriaIds }: EditorProps<Row<GeneratedTicket>[]> & { criteriaIds: string[] }) {
  const rows = value ?? [];
  return (
    <RowList<GeneratedTicket>
      rows={rows}
      itemLabel={def.itemLabel}
      path={fieldPath(def.key)}
      error={errors[fieldPath(def.key)]}
      emptyText={emptyText(def)}
      onChange={onChange}
      makeNew={() => ({
        key: newRowKey(),
        value: { id: nextId("T", rows.map((r) => r.value.id)), title: "", description: null, boundCriteria: [], boundRequirements: [] },
      })}
      renderRow={(row, index) => {
        const at = (field?: string) => fieldPath(def.key, index, field);
        const set = (patch: (t: GeneratedTicket) => GeneratedTicket) => onChange(updateRow(value, row.key, patch));
        const t = row.value;
        const label = `${def.itemLabel} ${index + 1}`;
        const options = [...criteriaIds, ...t.boundCriteria.filter((id) => !criteriaIds.includes(id))];
        return (
          <div className="space-y-3">
            <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
              <TextInput path={at("id")} label={`${label} id`} value={t.id} error={errors[at("id")]} maxLength={ID_MAX} spellCheck={false} onChange={(e) => set((v) => ({ ...v, id: e.target.value }))} />
              <TextInput path={at("title")} label={`${label} title`} max={TICKET_TITLE_MAX} value={t.title} error={errors[at("title")]} onChange={(e) => set((v) => ({ ...v, title: e.target.value }))} />
            </div>
            <TextArea
              path={at("description")}
              label={`${label} description`}
              max={TICKET_DESCRIPTION_MAX}
              rows={2}
              value={t.description ?? ""}
              placeholder="No description"
              error={errors[at("description")]}
              onChange={(e) => set((v) => ({ ...v, description: e.target.value === "" ? null : e.target.value }))}
            />
            <fieldset id={fieldId(at("boundCriteria"))} tabIndex={-1}>
              <legend className="mb-1 text-sm font-medium text-slate-700">{label} implements criteria</legend>
              {options.length === 0 ? (
                <p className="text-sm text-slate-500">Add acceptance criteria to bind them here.</p>
              ) : (
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {options.map((id) => {
                    const missing = !criteriaIds.includes(id);
                    return (
                      <label key={id} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                        <input
                          type="checkbox"
                          className="h-4 w-4 rounded border-slate-300 text-indigo-600"
                          checked={t.boundCriteria.includes(id)}
                          onChange={(e) =>
                            set((v) => ({
                              ...v,
                              boundCriteria: e.target.checked ? options.filter((o) => o === id || v.boundCriteria.includes(o)) : v.boundCriteria.filter((o) => o !== id),
                            }))
                          }
                        />
                        <span className="font-mono text-xs">{id}</span>
                        {missing && <span className="text-xs text-amber-700">(not a criterion of this brief)</span>}
                      </label>
                    );
                  })}
                </div>
              )}
              {Object.entries(errors)
                .filter(([path]) => path.startsWith(at("boundCriteria")))
                .map(([path, message]) => (
                  <p key={path} className="mt-1 text-sm text-rose-600">
                    {message}
                  </p>
                ))}
            </fieldset>
            <BoundIdsInput
              path={at("boundRequirements")}
              label={`${label} bound requirements`}
              value={t.boundRequirements ?? []}
              errors={errors}
              onChange={(ids) => set((v) => ({ ...v, boundRequirements: ids }))}
            />
          </div>
        );
      }}
    />
  );
}

function parseIds(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** Ids typed as a comma- or space-separated list; the text is kept as typed while it means the same ids. */
function BoundIdsInput({ path, label, value, errors, onChange }: { path: string; label: string; value: string[]; errors: Record<string, string>; onChange: (ids: string[]) => void }) {
  const [text, setText] = useState(value.join(", "));
  if (parseIds(text).join("\n") !== value.join("\n")) setText(value.join(", "));
  const messages = Object.entries(errors).filter(([p]) => p === path || p.startsWith(`${path}[`));
  return (
    <TextInput
      path={path}
      label={label}
      value={text}
      spellCheck={false}
      placeholder="e.g. REQ-1, REQ-2"
      hint="Requirement ids, separated by commas or spaces."
      error={messages.length ? messages.map(([p, m]) => (p === path ? m : `${parseIds(text)[Number(p.slice(path.length + 1, -1))] ?? p}: ${m}`)).join(" ") : undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseIds(e.target.value));
      }}
    />
  );
}

export function DecisionsEditor({ def, value, onChange, errors }: EditorProps<Row<Decision>[]>) {
  return (
    <RowList<Decision>
      rows={value ?? []}
      itemLabel={def.itemLabel}
      path={fieldPath(def.key)}
      error={errors[fieldPath(def.key)]}
      emptyText={emptyText(def)}
      onChange={onChange}
      makeNew={() => ({ key: newRowKey(), value: { text: "", stated: true } })}
      renderRow={(row, index) => {
        const at = (field?: string) => fieldPath(def.key, index, field);
        const set = (patch: (d: Decision) => Decision) => onChange(updateRow(value, row.key, patch));
        const d = row.value;
        const label = `${def.itemLabel} ${index + 1}`;
        return (
          <div className="space-y-3">
            <TextArea path={at("text")} label={`${label} text`} max={LIST_ITEM_MAX} rows={1} value={d.text} error={errors[at("text")]} onChange={(e) => set((v) => ({ ...v, text: e.target.value }))} />
            <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
              <TextInput
                path={at("source")}
                label={`${label} source`}
                max={LIST_ITEM_MAX}
                value={d.source ?? ""}
                placeholder="Where it came from"
                error={errors[at("source")]}
                onChange={(e) => set((v) => ({ ...v, source: e.target.value === "" ? undefined : e.target.value }))}
              />
              <TriStateSelect
                path={at("stated")}
                label={`${label} provenance`}
                value={d.stated}
                yes="Stated"
                no="Inferred"
                unknown="Unknown"
                onChange={(stated) => set((v) => ({ ...v, stated }))}
              />
            </div>
          </div>
        );
      }}
    />
  );
}

export function LinksEditor({ def, value, onChange, errors }: EditorProps<Row<SourceArtifactLink>[]>) {
  return (
    <RowList<SourceArtifactLink>
      rows={value ?? []}
      itemLabel={def.itemLabel}
      path={fieldPath(def.key)}
      error={errors[fieldPath(def.key)]}
      emptyText={emptyText(def)}
      onChange={onChange}
      makeNew={() => ({ key: newRowKey(), value: { label: "" } })}
      renderRow={(row, index) => {
        const at = (field?: string) => fieldPath(def.key, index, field);
        const set = (patch: (l: SourceArtifactLink) => SourceArtifactLink) => onChange(updateRow(value, row.key, patch));
        const l = row.value;
        const label = `${def.itemLabel} ${index + 1}`;
        return (
          <div className="grid gap-3 sm:grid-cols-[1fr_10rem_9rem]">
            <TextInput path={at("label")} label={`${label} label`} max={LIST_ITEM_MAX} value={l.label} error={errors[at("label")]} onChange={(e) => set((v) => ({ ...v, label: e.target.value }))} />
            <TextInput
              path={at("kind")}
              label={`${label} kind`}
              value={l.kind ?? ""}
              maxLength={LINK_KIND_MAX}
              placeholder="doc, ticket…"
              error={errors[at("kind")]}
              onChange={(e) => set((v) => ({ ...v, kind: e.target.value === "" ? undefined : e.target.value }))}
            />
            <TriStateSelect path={at("read")} label={`${label} read`} value={l.read} yes="Read" no="Not read" unknown="Unknown" onChange={(read) => set((v) => ({ ...v, read }))} />
          </div>
        );
      }}
    />
  );
}
