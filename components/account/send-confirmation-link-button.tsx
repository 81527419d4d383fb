"use client";

import { useActionState } from "react";
import { sendConfirmationLinkAction } from "@/components/account/actions";
import { Button } from "../ui/button";

/** Sends the signed-in person a new link to confirm their address, and says so. */
export function SendConfirmationLinkButton({ mailDelivered }: { mailDelivered: boolean }) {
  const [state, formAction, pending] = useActionState(sendConfirmationLinkAction, undefined);
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Sending…" : "Send a new link"}
      </Button>
      <span role="status" className="text-sm">
        {state?.ok && (mailDelivered ? "Sent. Open the link in the mail." : "Written to the server’s log: this server does not send mail yet.")}
        {state && !state.ok && <span className="text-rose-700">{state.error.message}</span>}
      </span>
    </form>
  );
}
