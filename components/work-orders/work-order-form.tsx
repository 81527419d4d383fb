"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ACTOR_LABEL_MAX, LINK_URL_MAX, WORK_ORDER_NOTE_MAX } from "@/lib/contract/bounds";
import { workOrderStatuses, type WorkOrder } from "@/lib/work-orders/work-order-schema";
import { workOrderChangeOf, type WorkOrderFields } from "./work-order-change";
import { workOrderStatusLabels } from "./work-order-labels";
import type { WorkOrderChange } from "./use-work-order-update";

const statusOptions = workOrderStatuses.map((value) => ({ value, label: workOrderStatusLabels[value] }));

/**
 * Changes a ticket's work order: its status, who is on it, a link (a pull request, an issue) and a
 * note. It opens with the work order as it is; the caller remounts it when the work order changes.
 */
export function WorkOrderForm({
  idPrefix,
  ticketId,
  workOrder,
  pending,
  error,
  onSubmit,
}: {
  idPrefix: string;
  ticketId: string;
  workOrder: WorkOrder;
  pending: boolean;
  error: string | null;
  onSubmit: (change: WorkOrderChange) => Promise<boolean>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = Object.fromEntries(["status", "assignee", "linkLabel", "linkUrl", "note"].map((name) => [name, String(form.get(name) ?? "")])) as WorkOrderFields;
    const outcome = workOrderChangeOf(workOrder, fields);
    if ("problem" in outcome) return setProblem(outcome.problem);
    setProblem(null);
    await onSubmit(outcome.change);
  };
  const shownError = problem ?? error;
  return (
    <form onSubmit={submit} aria-label={`Work order of ticket ${ticketId}`} className="@container space-y-3">
      <div className="grid gap-3 @md:grid-cols-2">
        <Select id={`${idPrefix}-status`} name="status" label="Status" options={statusOptions} defaultValue={workOrder.status} />
        <Field
          id={`${idPrefix}-assignee`}
          name="assignee"
          label="Who is on it"
          defaultValue={workOrder.assignee ?? ""}
          maxLength={ACTOR_LABEL_MAX}
          hint={workOrder.assignee ? "Empty it to take the ticket off them." : "Left empty, starting work puts you on it."}
        />
        <Field id={`${idPrefix}-link-label`} name="linkLabel" label="Link label" placeholder="pull request" maxLength={200} />
        <Field id={`${idPrefix}-link-url`} name="linkUrl" label="Link address" inputMode="url" placeholder="https://" maxLength={LINK_URL_MAX} />
      </div>
      <Textarea id={`${idPrefix}-note`} name="note" label="Note (optional)" rows={2} autoGrow maxLength={WORK_ORDER_NOTE_MAX} />
      {shownError && <Alert>{shownError}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Save work order"}
      </Button>
    </form>
  );
}
