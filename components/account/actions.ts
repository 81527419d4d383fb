"use server";

import { redirect } from "next/navigation";
import { currentSessionId, requireWebActor } from "@/lib/auth/session-gate";
import { endUserSessions } from "@/lib/sessions/end-user-sessions";
import { changePassword } from "@/lib/users/change-password";
import { requestConfirmationLink } from "@/lib/users/request-confirmation-link";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

type PasswordChange = { endedSessions: number };

/** Changes the password; every other browser signed in as this person is signed out. */
export async function changePasswordAction(
  _prev: ActionResult<PasswordChange> | undefined,
  input: FormData,
): Promise<ActionResult<PasswordChange>> {
  const actor = await requireWebActor("/settings/account");
  const keep = await currentSessionId();
  return toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    return changePassword(
      actor,
      { currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") },
      keep,
    );
  });
}

/** Ends every session of this person, this browser's too. */
export async function signOutEverywhereAction(): Promise<void> {
  const actor = await requireWebActor("/settings/account");
  await endUserSessions(actor.userId);
  redirect("/signin");
}

/** A new link to confirm the signed-in person's own address (rate-limited per address). */
export async function sendConfirmationLinkAction(): Promise<ActionResult<null>> {
  const actor = await requireWebActor("/settings/account");
  return toActionResult(async () => {
    await requestConfirmationLink({ email: actor.email });
    return null;
  });
}
