"use client";

import { ShownOncePanel } from "../ui/shown-once-panel";

/** The one time an endpoint's signing secret is shown: the receiver needs it to verify deliveries. */
export function WebhookSecretReveal({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <ShownOncePanel
      id="webhook-secret"
      title="Endpoint added"
      intro={
        <>
          Deliveries to <code className="break-all">{url}</code> are signed with this secret. Copy it to the receiver now: it is shown only this once.
        </>
      }
      label="Signing secret"
      value={secret}
      what="signing secret"
      doneLabel="I have copied it"
      onDone={onDone}
    >
      <p className="text-sm text-slate-700">
        Verify each delivery with any Standard Webhooks library, e.g. <code>new Webhook(secret).verify(body, headers)</code> from the <code>standardwebhooks</code> package.
      </p>
    </ShownOncePanel>
  );
}
