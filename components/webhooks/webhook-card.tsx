"use client";

import Link from "next/link";
import { useState, useTransition, type FormEvent } from "react";
import type { ActionResult } from "@/lib/web/action-result";
import { fieldErrors } from "@/lib/web/field-errors";
import type { WebhookView } from "@/lib/webhooks/webhook-schema";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button, buttonClassName } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { RelativeTime } from "../ui/relative-time";
import { deleteWebhookAction, sendTestEventAction, setWebhookEnabledAction, updateWebhookAction } from "./actions";
import { WebhookFields } from "./webhook-fields";

/** One endpoint with what an owner does to it: edit, turn off or on, test, read its log, delete. */
export function WebhookCard({ webhook }: { webhook: WebhookView }) {
  const [editing, setEditing] = useState(false);
  const [result, setResult] = useState<ActionResult<unknown> | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const errors = fieldErrors(result);
  const logHref = `/projects/${webhook.projectId}/settings/webhooks/${webhook.id}`;

  const run = (action: () => Promise<ActionResult<unknown>>, done?: string) =>
    startTransition(async () => {
      const answer = await action();
      setResult(answer);
      setNotice(answer.ok ? (done ?? null) : null);
      if (answer.ok) setEditing(false);
    });

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    run(() => updateWebhookAction(webhook.id, form), "Saved.");
  }

  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={webhook.url}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{webhook.url}</p>
          {webhook.description && <p className="text-sm text-slate-600">{webhook.description}</p>}
          <p className="text-sm text-slate-600">{webhook.events.length ? webhook.events.join(", ") : "Every kind of event"}</p>
        </div>
        {webhook.enabled ? (
          webhook.failingSince ? (
            <Badge tone="warning" title={`Failing since ${webhook.failingSince}`}>
              Failing
            </Badge>
          ) : (
            <Badge tone="success">On</Badge>
          )
        ) : (
          <Badge tone="neutral">Off</Badge>
        )}
      </div>
      {!webhook.enabled && webhook.disabledReason && (
        <Alert tone="info">Turned off: {webhook.disabledReason} Events since are kept and go out in order once it is on again.</Alert>
      )}
      {webhook.enabled && webhook.failingSince && (
        <p className="text-sm text-amber-800">
          Deliveries have failed since <RelativeTime value={webhook.failingSince} />; after 3 days of failures it is turned off.
        </p>
      )}
      {result && !result.ok && !Object.keys(errors).length && <Alert>{result.error.message}</Alert>}
      {notice && (
        <p role="status" className="text-sm text-emerald-800">
          {notice}
        </p>
      )}
      {editing ? (
        <form onSubmit={onSave} aria-label={`Edit ${webhook.url}`} className="space-y-3">
          <WebhookFields idPrefix={`edit-${webhook.id}`} initial={webhook} errors={errors} />
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              Save
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link href={logHref} className={buttonClassName("secondary")}>
            Delivery log
          </Link>
          <Button variant="secondary" disabled={pending || !webhook.enabled} onClick={() => run(() => sendTestEventAction(webhook.projectId, webhook.id), "A test event is on its way; see the delivery log.")}>
            Send a test event
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => run(() => setWebhookEnabledAction(webhook.id, !webhook.enabled), webhook.enabled ? "Turned off." : "Turned on.")}>
            {webhook.enabled ? "Turn off" : "Turn on"}
          </Button>
          <ConfirmDialog
            triggerLabel="Delete"
            triggerAriaLabel={`Delete ${webhook.url}`}
            title="Delete this endpoint?"
            confirmLabel="Delete endpoint"
            onConfirm={async () => {
              const answer = await deleteWebhookAction(webhook.projectId, webhook.id);
              return answer.ok ? null : answer.error.message;
            }}
          >
            Nothing more is sent to <code className="break-all">{webhook.url}</code>, and its delivery log is deleted with it.
          </ConfirmDialog>
        </div>
      )}
    </li>
  );
}
