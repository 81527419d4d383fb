"use server";

import { signOut } from "@/lib/auth/next-auth";
import { safeReturnPath } from "@/lib/web/safe-return-path";

/** "Not you?" on the consent page: sign out, then sign in again and come back to the same request. */
export async function switchAccountAction(form: FormData): Promise<void> {
  const back = safeReturnPath(form.get("callbackUrl"), "/projects");
  await signOut({ redirectTo: `/signin?callbackUrl=${encodeURIComponent(back)}` });
}
