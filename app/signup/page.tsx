import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth-card";
import { AuthForm } from "@/components/auth-form";
import { signUpWithPassword } from "@/components/auth/actions";
import { getWebActor } from "@/lib/auth/session-gate";
import { mailIsDelivered } from "@/lib/mail/send-mail";
import { signUpMode } from "@/lib/users/sign-up-policy";
import { safeReturnPath } from "@/lib/web/safe-return-path";

export const metadata: Metadata = { title: "Create an account" };

// Said before anyone types; the answer after sending never differs (lib/users/sign-up.ts).
const policyHints = {
  open: null,
  domains: "Sign up with your organisation’s email address, or with the address a project invitation went to.",
  invite: "Only people invited to a project can create an account here: sign up with the address the invitation went to.",
} as const;
export const dynamic = "force-dynamic";

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const callbackUrl = safeReturnPath((await searchParams).callbackUrl);
  if (await getWebActor()) redirect("/projects");
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already have an account?{" "}
          <Link className="font-medium text-indigo-700 hover:underline" href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
            Sign in
          </Link>
        </>
      }
    >
      {policyHints[signUpMode()] && <p className="mb-4 text-sm text-slate-600">{policyHints[signUpMode()]}</p>}
      <AuthForm mode="signup" action={signUpWithPassword} callbackUrl={callbackUrl} mailDelivered={mailIsDelivered()} />
    </AuthCard>
  );
}
