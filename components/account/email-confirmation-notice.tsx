import type { Actor } from "@/lib/auth/actor";
import { mailIsDelivered } from "@/lib/mail/send-mail";
import { getAccount } from "@/lib/users/get-account";
import { SendConfirmationLinkButton } from "./send-confirmation-link-button";

/**
 * Shown on every page while the signed-in person's address is unconfirmed: until then, invitations
 * to it wait (docs/security.md#accounts).
 */
export async function EmailConfirmationNotice({ actor }: { actor: Actor }) {
  const account = await getAccount(actor);
  if (account.emailConfirmed) return null;
  return (
    <section aria-label="Confirm your email address" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-900">
        <p className="min-w-0 flex-1">
          Confirm your address <span className="font-medium break-all">{account.email}</span> with the link we sent you.
          Until then, project invitations to it keep waiting.
        </p>
        <SendConfirmationLinkButton mailDelivered={mailIsDelivered()} />
      </div>
    </section>
  );
}
