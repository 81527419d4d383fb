"use client";

import { type BriefContent } from "@/lib/briefs/schema";
import { ID_PATTERN, TITLE_MAX } from "@/lib/contract/bounds";
import { ExtraKeysView } from "./content-view";
import { Field } from "@/components/ui/field";
import { fieldId, readOnlyKeys, withSection, type FormModel, type SectionValues } from "./form-model";
import { ChecklistRowsEditor } from "./sections/checklist-rows-editor";
import { CriteriaEditor } from "./sections/criteria-editor";
import { DecisionsEditor } from "./sections/decisions-editor";
import { LinksEditor } from "./sections/links-editor";
import { LongTextEditor } from "./sections/long-text-editor";
import { TextListEditor } from "./sections/text-list-editor";
import { TicketsEditor } from "./sections/tickets-editor";
import { sectionGroups, type CriteriaKey, type LongTextKey, type SectionDef, type SectionKey, type TextListKey } from "./sections";

/** Every section of the brief as a form fitting its shape, grouped as the document reads. */
export function ContentForm({
  model,
  base,
  errors,
  onChange,
}: {
  model: FormModel;
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
        <Field id={fieldId("title")} label="Title" limit={TITLE_MAX} value={model.title} error={errors.title} onChange={(e) => onChange({ ...model, title: e.target.value })} />
      </section>
      {sectionGroups.map((group) => (
        <section key={group.id} aria-labelledby={`group-${group.id}`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id={`group-${group.id}`} className="text-lg font-semibold text-slate-900">
            {group.title}
          </h2>
          <div className="mt-4 space-y-6">
            {group.sections.map((def) => (
              <SectionBlock key={def.key} def={def} present={model.sections[def.key] !== undefined}>
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

function SectionBlock({ def, present, children }: { def: SectionDef; present: boolean; children: React.ReactNode }) {
  // A long text's own label is its heading; lists get a named group around their rows.
  if (def.kind === "longText") return <div data-section={def.key}>{children}</div>;
  return (
    <div role="group" aria-labelledby={`section-${def.key}`} data-section={def.key}>
      <div className="mb-2">
        <h3 id={`section-${def.key}`} className="text-sm font-semibold text-slate-800">
          {def.label}
          {!present && <span className="ml-2 text-xs font-normal text-slate-600">not set</span>}
        </h3>
        <p className="text-xs text-slate-500">{def.hint}</p>
      </div>
      {children}
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
      return <TextListEditor def={def} value={s[key]} onChange={set(key)} errors={errors} />;
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
