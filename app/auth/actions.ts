"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth/next-auth";
import { signUp } from "@/lib/users/sign-up";
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

export async function signInWithPassword(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
  return signInOrError(form.get("email"), form.get("password"), safeReturnPath(form.get("callbackUrl")));
}

export async function signUpWithPassword(_prev: AuthFormState, form: FormData): Promise<AuthFormState> {
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
