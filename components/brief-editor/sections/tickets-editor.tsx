"use client";

import type { GeneratedTicket } from "@/lib/briefs/schema";
import { ID_MAX, TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX } from "@/lib/contract/bounds";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { newRowKey, type Row } from "../form-model";
import { BoundCriteriaField } from "./bound-criteria-field";
import { BoundIdsInput } from "./bound-ids-input";
import { nextId } from "./row-edits";
import { SectionRows, type EditorProps } from "./section-rows";

/** Generated tickets, each bound to the acceptance criteria (`criteriaIds`) and requirements it implements. */
export function TicketsEditor({ criteriaIds, ...props }: EditorProps<Row<GeneratedTicket>[]> & { criteriaIds: string[] }) {
  return (
    <SectionRows<GeneratedTicket>
      {...props}
      makeNew={(rows) => ({
        key: newRowKey(),
        value: { id: nextId("T", rows.map((r) => r.value.id)), title: "", description: null, boundCriteria: [], boundRequirements: [] },
      })}
    >
      {({ row: { value: t }, label, at, control, set }) => (
        <div className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <Field {...control("id")} label={`${label} id`} value={t.id} maxLength={ID_MAX} spellCheck={false} onChange={(e) => set((v) => ({ ...v, id: e.target.value }))} />
            <Field {...control("title")} label={`${label} title`} limit={TICKET_TITLE_MAX} value={t.title} onChange={(e) => set((v) => ({ ...v, title: e.target.value }))} />
          </div>
          <Textarea
            {...control("description")}
            label={`${label} description`}
            limit={TICKET_DESCRIPTION_MAX}
            rows={2}
            autoGrow
            value={t.description ?? ""}
            placeholder="No description"
            onChange={(e) => set((v) => ({ ...v, description: e.target.value === "" ? null : e.target.value }))}
          />
          <BoundCriteriaField
            path={at("boundCriteria")}
            label={`${label} implements criteria`}
            criteriaIds={criteriaIds}
            value={t.boundCriteria}
            errors={props.errors}
            onChange={(boundCriteria) => set((v) => ({ ...v, boundCriteria }))}
          />
          <BoundIdsInput
            path={at("boundRequirements")}
            label={`${label} bound requirements`}
            value={t.boundRequirements ?? []}
            errors={props.errors}
            onChange={(ids) => set((v) => ({ ...v, boundRequirements: ids }))}
          />
        </div>
      )}
    </SectionRows>
  );
}
