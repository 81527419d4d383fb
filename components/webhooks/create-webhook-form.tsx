"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { ActionResult } from "@/lib/web/action-result";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { createWebhookAction, type CreatedWebhook } from "./actions";
import { WebhookFields } from "./webhook-fields";
import { WebhookSecretReveal } from "./webhook-secret-reveal";

/** Adds an endpoint; its signing secret is then shown once, until dismissed or the page is left. */
export function CreateWebhookForm({ projectId }: { projectId: string }) {
  const [result, setResult] = useState<ActionResult<CreatedWebhook> | undefined>();
  const [shown, setShown] = useState<CreatedWebhook | null>(null);
  const [pending, startTransition] = useTransition();
  const errors = fieldErrors(result);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    startTransition(async () => {
      const answer = await createWebhookAction(projectId, form);
      setResult(answer);
      if (answer.ok) {
        element.reset();
        setShown(answer.data);
      }
    });
  }

  return (
    <div className="space-y-4">
      {shown && <WebhookSecretReveal url={shown.webhook.url} secret={shown.secret} onDone={() => setShown(null)} />}
      <form onSubmit={onSubmit} aria-label="New webhook endpoint" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-medium">New endpoint</h2>
        {result && !result.ok && !Object.keys(errors).length && <Alert>{result.error.message}</Alert>}
        <WebhookFields idPrefix="new-webhook" errors={errors} />
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add endpoint"}
        </Button>
      </form>
    </div>
  );
}
