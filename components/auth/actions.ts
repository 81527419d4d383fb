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

/** What the form shows again after a refusal: the email and name as typed, never the password. */
type Typed = { email: string; name: string };
export type AuthFormState = (ActionResult<null> & { typed?: Typed }) | undefined;

/** React resets a form after its action; the fields come back from these values. */
function withTyped(form: FormData, state: AuthFormState): AuthFormState {
  if (!state || state.ok) return state;
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.slice(0, 1000) : "";
  };
  return { ...state, typed: { email: text("email"), name: text("name") } };
}

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
  return withTyped(form.data, await signInOrError(form.data.get("email"), form.data.get("password"), safeReturnPath(form.data.get("callbackUrl"))));
}

export async function signUpWithPassword(_prev: AuthFormState, input: FormData): Promise<AuthFormState> {
  const form = await toActionResult(async () => parseOrThrow(formDataSchema, input));
  if (!form.ok) return form;
  const admission = await admitSignUp(clientAddressOf(await headers()));
  if (!admission.allowed) return withTyped(form.data, tooMany("sign-ups from your network", admission.retryAfterSeconds));
  const created = await toActionResult(() =>
    signUp({
      name: String(form.data.get("name") ?? "") || undefined,
      email: String(form.data.get("email") ?? ""),
      password: String(form.data.get("password") ?? ""),
    }),
  );
  if (!created.ok) return withTyped(form.data, created);
  return withTyped(form.data, await signInOrError(created.data.email, form.data.get("password"), safeReturnPath(form.data.get("callbackUrl"))));
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
