"use client";

import { Button } from "../ui/button";
import { ShownOnce } from "../ui/shown-once";

/** The one time an endpoint's signing secret is shown: the receiver needs it to verify deliveries. */
export function WebhookSecretReveal({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <section aria-labelledby="webhook-secret-heading" className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <div>
        <h2 id="webhook-secret-heading" className="font-medium text-emerald-900">
          Endpoint added
        </h2>
        <p className="text-sm text-emerald-900">
          Deliveries to <code className="break-all">{url}</code> are signed with this secret. Copy it to the receiver now: it is shown only this once.
        </p>
      </div>
      <ShownOnce id="webhook-secret" label="Signing secret" value={secret} what="signing secret" />
      <p className="text-sm text-slate-700">
        Verify each delivery with any Standard Webhooks library, e.g. <code>new Webhook(secret).verify(body, headers)</code> from the <code>standardwebhooks</code> package.
      </p>
      <Button variant="secondary" onClick={onDone}>
        I have copied it
      </Button>
    </section>
  );
}
