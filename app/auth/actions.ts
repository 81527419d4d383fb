"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { oauthProviders, signIn, signOut } from "@/lib/auth/next-auth";
import { signUp } from "@/lib/users/sign-up";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { safeReturnPath } from "@/lib/web/safe-return-path";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

export type AuthFormState = ActionResult<null> | undefined;

async function signInOrError(email: unknown, password: unknown, redirectTo: string): Promise<AuthFormState> {
  try {
    await signIn("credentials", { email, password, redirectTo });
    return { ok: true, data: null };
  } catch (error) {
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
