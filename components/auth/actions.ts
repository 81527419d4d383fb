"use server";

import { headers } from "next/headers";
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { oauthProviders, signIn, signOut } from "@/lib/auth/next-auth";
import { watchSignInLimit } from "@/lib/auth/sign-in-limit-watch";
import { retryAfterText } from "@/lib/rate-limit/retry-after-text";
import { clientAddressOf } from "@/lib/server/client-address";
import { admitSignUp } from "@/lib/users/admit-sign-up";
import { signUp } from "@/lib/users/sign-up";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
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

export async function signInWithPassword(_prev: AuthFormState, input: FormData): Promise<AuthFormState> {
  const form = await toActionResult(async () => parseOrThrow(formDataSchema, input));
  if (!form.ok) return form;
  return signInOrError(form.data.get("email"), form.data.get("password"), safeReturnPath(form.data.get("callbackUrl")));
}

export async function signUpWithPassword(_prev: AuthFormState, input: FormData): Promise<AuthFormState> {
  const form = await toActionResult(async () => parseOrThrow(formDataSchema, input));
  if (!form.ok) return form;
  const admission = await admitSignUp(clientAddressOf(await headers()));
  if (!admission.allowed) return tooMany("sign-ups from your network", admission.retryAfterSeconds);
  const created = await toActionResult(() =>
    signUp({
      name: String(form.data.get("name") ?? "") || undefined,
      email: String(form.data.get("email") ?? ""),
      password: String(form.data.get("password") ?? ""),
    }),
  );
  if (!created.ok) return created;
  return signInOrError(created.data.email, form.data.get("password"), safeReturnPath(form.data.get("callbackUrl")));
}

/** Only the configured outside providers: `credentials` signs in through the password form alone. */
export async function signInWithProvider(input: FormData): Promise<void> {
  const form = input instanceof FormData ? input : null;
  const provider = form?.get("provider");
  if (!form || !oauthProviders().some((p) => p.id === provider)) redirect("/signin");
  await signIn(String(provider), { redirectTo: safeReturnPath(form.get("callbackUrl")) });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/signin" });
}
