import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth-card";
import { AuthForm } from "@/components/auth-form";
import { signUpWithPassword } from "@/components/auth/actions";
import { getWebActor } from "@/lib/auth/session-gate";
import { safeReturnPath } from "@/lib/web/safe-return-path";

export const metadata: Metadata = { title: "Create an account" };
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
      <AuthForm mode="signup" action={signUpWithPassword} callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
