"use server";

import { headers } from "next/headers";
import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { oauthProviders, signIn, signOut } from "@/lib/auth/next-auth";
import { watchSignInLimit } from "@/lib/auth/sign-in-limit-watch";
import { retryAfterText } from "@/lib/rate-limit/retry-after-text";
import { clientAddressOf } from "@/lib/server/client-address";
import { admitPasswordSignIn } from "@/lib/auth/admit-password-sign-in";
import { getWebActor } from "@/lib/auth/session-gate";
import { admitSignUp } from "@/lib/users/admit-sign-up";
import { confirmEmail } from "@/lib/users/confirm-email";
import { requestConfirmationLink } from "@/lib/users/request-confirmation-link";
import { signUp } from "@/lib/users/sign-up";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { safeReturnPath } from "@/lib/web/safe-return-path";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

/** What the form shows again after a refusal: the email and name as typed, never the password. */
type Typed = { email: string; name: string };
/** A successful sign-up names the address the link went to; a successful sign-in redirects. */
export type AuthFormState = (ActionResult<{ email: string } | null> & { typed?: Typed }) | undefined;
export type LinkRequestState = ActionResult<null> | undefined;

/** React resets a form after its action; the fields come back from these values. */
function withTyped(form: FormData, state: AuthFormState): AuthFormState {
  if (!state || state.ok) return state;
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.slice(0, 1000) : "";
  };
  return { ...state, typed: { email: text("email"), name: text("name") } };
}

function tooMany(what: string, retryAfterSeconds: number): ActionResult<never> {
  return {
    ok: false,
    error: { code: "VALIDATION_ERROR", message: `Too many ${what}. Try again ${retryAfterText(retryAfterSeconds)}.`, details: { retryAfterSeconds } },
  };
}

async function signInOrError(email: unknown, password: unknown, redirectTo: string): Promise<ActionResult<null>> {
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

/**
 * Never signs in: the answer is "check your email" whether the address was new, taken or refused
 * (lib/users/sign-up.ts), so the form tells nobody which addresses have accounts.
 */
export async function signUpWithPassword(_prev: AuthFormState, input: FormData): Promise<AuthFormState> {
  const form = await toActionResult(async () => parseOrThrow(formDataSchema, input));
  if (!form.ok) return form;
  const admission = await admitSignUp(clientAddressOf(await headers()));
  if (!admission.allowed) return withTyped(form.data, tooMany("sign-ups from your network", admission.retryAfterSeconds));
  const email = String(form.data.get("email") ?? "");
  const signedUp = await toActionResult(() =>
    signUp({ name: String(form.data.get("name") ?? "") || undefined, email, password: String(form.data.get("password") ?? "") }),
  );
  return signedUp.ok ? { ok: true, data: { email: email.trim().toLowerCase() } } : withTyped(form.data, signedUp);
}

/** "Send the link again" for someone who is not signed in; it answers the same for every address. */
export async function requestConfirmationLinkAction(_prev: LinkRequestState, input: FormData): Promise<LinkRequestState> {
  const form = await toActionResult(async () => parseOrThrow(formDataSchema, input));
  if (!form.ok) return form;
  // Counted with sign-ups: both send a mail to an address the asker typed.
  const admission = await admitSignUp(clientAddressOf(await headers()));
  if (!admission.allowed) return tooMany("requests from your network", admission.retryAfterSeconds);
  return toActionResult(async () => {
    await requestConfirmationLink({ email: String(form.data.get("email") ?? "") });
    return null;
  });
}

/**
 * Follows a confirmation link (lib/users/confirm-email.ts), then signs the person in with the password
 * they just gave, unless this browser is signed in as the account already.
 */
export async function confirmEmailAction(_prev: LinkRequestState, input: FormData): Promise<LinkRequestState> {
  const form = await toActionResult(async () => parseOrThrow(formDataSchema, input));
  if (!form.ok) return form;
  const password = form.data.get("password");
  const actor = await getWebActor();
  // A password checked here is counted like any other password check.
  const admission = typeof password === "string" ? await admitPasswordSignIn(undefined, clientAddressOf(await headers())) : undefined;
  if (admission && !admission.admitted) return tooMany("sign-in attempts", admission.retryAfterSeconds);
  const confirmed = await toActionResult(() =>
    confirmEmail({ token: String(form.data.get("token") ?? ""), password: typeof password === "string" ? password : undefined }, actor?.userId),
  );
  if (!confirmed.ok) return confirmed;
  if (admission?.admitted) await admission.succeeded();
  if (actor?.userId === confirmed.data.userId && typeof password !== "string") redirect("/projects?confirmed=1");
  return signInOrError(confirmed.data.email, password, "/projects?confirmed=1");
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
