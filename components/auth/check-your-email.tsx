"use client";

import Link from "next/link";
import { useActionState } from "react";
import { requestConfirmationLinkAction } from "@/components/auth/actions";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

/**
 * What every sign-up ends with, whether the address was new, taken or not admitted: the mail says
 * which. The same page offers to send the link again.
 */
export function CheckYourEmail({ email, mailDelivered }: { email: string; mailDelivered: boolean }) {
  const [state, formAction, pending] = useActionState(requestConfirmationLinkAction, undefined);
  return (
    <div className="space-y-4" aria-labelledby="check-email-heading" role="region">
      <h2 id="check-email-heading" className="text-base font-medium text-slate-800">
        Check your email
      </h2>
      <p className="text-sm text-slate-700">
        We sent a message to <span className="font-medium break-all">{email}</span>. To finish, open the link in it and confirm
        with the password you just chose.
      </p>
      {!mailDelivered && (
        <p className="text-sm text-slate-600">
          This server does not send mail yet: the message is in the server’s log. Ask whoever runs it, or look there if it is you.
        </p>
      )}
      <p className="text-sm text-slate-600">
        Until you confirm, you can sign in, but invitations to this address keep waiting.
      </p>
      {state?.ok && <Alert tone="success">If this address is waiting for confirmation, a new link is on its way.</Alert>}
      {state && !state.ok && <Alert>{state.error.message}</Alert>}
      <form action={formAction} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Sending…" : "Send the link again"}
        </Button>
        <Link className="text-sm font-medium text-indigo-700 hover:underline" href="/signin">
          Sign in
        </Link>
      </form>
    </div>
  );
}
