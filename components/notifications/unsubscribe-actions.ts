"use server";

import { redirect } from "next/navigation";
import { unsubscribeByLink } from "@/lib/notifications/notification-settings";

/**
 * Stops one kind of mail for the person an unsubscribe link names, without signing in: the link's
 * signature is the proof. A link we did not sign changes nothing.
 */
export async function unsubscribeAction(form: FormData): Promise<void> {
  const params = { u: String(form.get("u") ?? ""), k: String(form.get("k") ?? ""), t: String(form.get("t") ?? "") };
  if (!(await unsubscribeByLink(params))) redirect("/unsubscribe");
  redirect(`/unsubscribe?${new URLSearchParams({ ...params, done: "1" })}`);
}
