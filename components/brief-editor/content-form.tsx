"use client";

import { useState, type ReactNode } from "react";
import { type BriefContent } from "@/lib/briefs/schema";
import { NumberRequirementsButton } from "@/components/trace/number-requirements-button";
import { ID_PATTERN, TITLE_MAX } from "@/lib/contract/bounds";
import { ExtraKeysView } from "./extra-keys-view";
import { Field } from "@/components/ui/field";
import { fieldId, readOnlyKeys, sectionToJson, withSection, type FormModel, type SectionValues } from "./form-model";
import { SectionBody } from "./read/section-body";
import { ChecklistRowsEditor } from "./sections/checklist-rows-editor";
import { CriteriaEditor } from "./sections/criteria-editor";
import { DecisionsEditor } from "./sections/decisions-editor";
import { LinksEditor } from "./sections/links-editor";
import { LongTextEditor } from "./sections/long-text-editor";
import { TextListEditor } from "./sections/text-list-editor";
import { TicketsEditor } from "./sections/tickets-editor";
import { PreviewBox, WritePreviewSwitch } from "./sections/write-preview-switch";
import { sectionGroups, type CriteriaKey, type LongTextKey, type SectionDef, type SectionKey, type TextListKey } from "./sections";
import { EditingElsewhere } from "@/components/presence/presence-context";

/** Every section of the brief as a form fitting its shape, grouped as the document reads. */
export function ContentForm({
  model,
  base,
  errors,
  onChange,
  titleLocked = false,
}: {
  model: FormModel;
  /** Proposals change sections, not the title: a reviewer's form shows it read-only. */
  titleLocked?: boolean;
  base: BriefContent;
  errors: Record<string, string>;
  onChange: (model: FormModel) => void;
}) {
  const extras = readOnlyKeys(base);
  const criteriaIds = [...new Set((model.sections.acceptanceCriteria ?? []).map((row) => row.value.id).filter((id) => ID_PATTERN.test(id)))];
  const set = <K extends SectionKey>(key: K) => (value: SectionValues[K]) => onChange(withSection(model, key, value, base));

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <Field
          id={fieldId("title")}
          label="Title"
          limit={TITLE_MAX}
          value={model.title}
          error={errors.title}
          readOnly={titleLocked}
          hint={titleLocked ? "A suggestion changes sections; an editor can rename the brief." : undefined}
          onChange={(e) => onChange({ ...model, title: e.target.value })}
        />
      </section>
      {sectionGroups.map((group) => (
        <section key={group.id} aria-labelledby={`group-${group.id}`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id={`group-${group.id}`} className="text-lg font-semibold text-slate-900">
            {group.title}
          </h2>
          <div className="mt-4 space-y-6">
            {group.sections.map((def) => (
              <SectionBlock key={def.key} def={def} present={model.sections[def.key] !== undefined} value={sectionToJson(model, def.key)}>
                <SectionEditor def={def} model={model} errors={errors} set={set} criteriaIds={criteriaIds} />
              </SectionBlock>
            ))}
          </div>
        </section>
      ))}
      {extras.length > 0 && <ExtraKeysView content={base} keys={extras} />}
    </div>
  );
}

/**
 * A section of the form. A long text's own label is its heading (and it has its own preview); a list
 * gets a named group around its rows and Write | Preview beside its heading, the preview being the
 * rows as read mode shows them. `scroll-mt` keeps a section opened from read mode clear of the save bar.
 */
function SectionBlock({ def, present, value, children }: { def: SectionDef; present: boolean; value: unknown; children: ReactNode }) {
  const [preview, setPreview] = useState(false);
  if (def.kind === "longText") {
    return (
      <div data-section={def.key} className="scroll-mt-20">
        <EditingElsewhere sectionKey={def.key} />
        {children}
      </div>
    );
  }
  const rows = Array.isArray(value) ? value : [];
  return (
    <div role="group" aria-labelledby={`section-${def.key}`} data-section={def.key} className="scroll-mt-20">
      <div className="mb-2 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`section-${def.key}`} className="text-sm font-semibold text-slate-800">
            {def.label}
            {!present && <span className="ml-2 text-xs font-normal text-slate-600">not set</span>}
          </h3>
          <p className="text-xs text-slate-500">{def.hint}</p>
          <EditingElsewhere sectionKey={def.key} />
        </div>
        <WritePreviewSwitch preview={preview} onChange={setPreview} label={def.label} />
      </div>
      <div hidden={preview}>{children}</div>
      {preview && (
        <PreviewBox empty={rows.length === 0} testId={`preview-${def.key}`}>
          <SectionBody sectionKey={def.key} value={rows} />
        </PreviewBox>
      )}
    </div>
  );
}

function SectionEditor({
  def,
  model,
  errors,
  set,
  criteriaIds,
}: {
  def: SectionDef;
  model: FormModel;
  errors: Record<string, string>;
  set: <K extends SectionKey>(key: K) => (value: SectionValues[K]) => void;
  criteriaIds: string[];
}) {
  const s = model.sections;
  switch (def.kind) {
    case "longText": {
      const key = def.key as LongTextKey;
      return <LongTextEditor def={def} value={s[key]} onChange={set(key)} errors={errors} />;
    }
    case "textList": {
      const key = def.key as TextListKey;
      const editor = <TextListEditor def={def} value={s[key]} onChange={set(key)} errors={errors} />;
      if (key !== "requirements") return editor;
      return (
        <>
          {editor}
          <NumberRequirementsButton rows={s.requirements} onChange={set("requirements")} />
        </>
      );
    }
    case "criteria": {
      const key = def.key as CriteriaKey;
      return <CriteriaEditor def={def} value={s[key]} onChange={set(key)} errors={errors} />;
    }
    case "checklist":
      return <ChecklistRowsEditor def={def} value={s.testingQaChecklist} onChange={set("testingQaChecklist")} errors={errors} />;
    case "tickets":
      return <TicketsEditor def={def} value={s.generatedTickets} onChange={set("generatedTickets")} errors={errors} criteriaIds={criteriaIds} />;
    case "decisions":
      return <DecisionsEditor def={def} value={s.decisions} onChange={set("decisions")} errors={errors} />;
    case "links":
      return <LinksEditor def={def} value={s.sourceArtifactLinks} onChange={set("sourceArtifactLinks")} errors={errors} />;
  }
}
