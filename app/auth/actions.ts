"use server";

import { headers } from "next/headers";
import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth/next-auth";
import { watchSignInLimit } from "@/lib/auth/sign-in-limit-watch";
import { retryAfterText } from "@/lib/rate-limit/retry-after-text";
import { clientAddressOf } from "@/lib/server/client-address";
import { admitSignUp } from "@/lib/users/admit-sign-up";
import { signUp } from "@/lib/users/sign-up";
import { safeReturnPath } from "@/lib/web/safe-return-path";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

export type AuthFormState = ActionResult<null> | undefined;

function tooMany(what: string, retryAfterSeconds: number): AuthFormState {
  return {
    ok: false,
    error: { code: "VALIDATION_ERROR", message: `Too many ${what}. Try again ${retryAfterText(retryAfterSeconds)}.`, details: { retryAfterSeconds } },
  };
}

async function signInOrError(email: unknown, password: unknown, redirectTo: string): Promise<AuthFormState> {
  const limit = watchSignInLimit();
  try {
    await limit.run(() => signIn("credentials", { email, password, redirectTo }));
    return { ok: true, data: null };
  } catch (error) {
    const retryAfterSeconds = limit.retryAfterSeconds();
    if (retryAfterSeconds !== undefined) return tooMany("sign-in attempts", retryAfterSeconds);
    // A successful sign-in ends in a redirect, which Next implements as a thrown signal.
    if (error instanceof AuthError) {
      return { ok: false, error: { code: "VALIDATION_ERROR", message: "That email and password do not match an account." } };
    }
    throw error;
  }
}

export async function signInWithPassword(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  return signInOrError(form.get("email"), form.get("password"), safeReturnPath(form.get("callbackUrl")));
}

export async function signUpWithPassword(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  const admission = await admitSignUp(clientAddressOf(await headers()));
  if (!admission.allowed) return tooMany("sign-ups from your network", admission.retryAfterSeconds);
  const created = await toActionResult(() =>
    signUp({
      name: String(form.get("name") ?? "") || undefined,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    }),
  );
  if (!created.ok) return created;
  return signInOrError(created.data.email, form.get("password"), safeReturnPath(form.get("callbackUrl")));
}

export async function signInWithProvider(form: FormData): Promise<void> {
  await signIn(String(form.get("provider")), { redirectTo: safeReturnPath(form.get("callbackUrl")) });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/signin" });
}
