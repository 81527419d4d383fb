"use client";

import { useCreateThenReveal } from "../use-create-then-reveal";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { createWebhookAction } from "./actions";
import { WebhookFields } from "./webhook-fields";
import { WebhookSecretReveal } from "./webhook-secret-reveal";

/** Adds an endpoint; its signing secret is then shown once, until dismissed or the page is left. */
export function CreateWebhookForm({ projectId }: { projectId: string }) {
  const { onSubmit, pending, errors, formError, shown, hide } = useCreateThenReveal((form) => createWebhookAction(projectId, form));

  return (
    <div className="space-y-4">
      {shown && <WebhookSecretReveal url={shown.webhook.url} secret={shown.secret} onDone={hide} />}
      <form onSubmit={onSubmit} aria-label="New webhook endpoint" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="font-medium">New endpoint</h2>
        {formError && <Alert>{formError}</Alert>}
        <WebhookFields idPrefix="new-webhook" errors={errors} />
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add endpoint"}
        </Button>
      </form>
    </div>
  );
}
