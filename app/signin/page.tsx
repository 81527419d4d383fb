import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth-card";
import { AuthForm } from "@/components/auth-form";
import { Button } from "@/components/ui/button";
import { signInWithPassword, signInWithProvider } from "@/components/auth/actions";
import { oauthProviders } from "@/lib/auth/next-auth";
import { getWebActor } from "@/lib/auth/session-gate";
import { safeReturnPath } from "@/lib/web/safe-return-path";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const callbackUrl = safeReturnPath((await searchParams).callbackUrl);
  if (await getWebActor()) redirect(callbackUrl);
  const providers = oauthProviders();
  return (
    <AuthCard
      title="Sign in to your briefs"
      footer={
        <>
          New here?{" "}
          <Link className="font-medium text-indigo-700 hover:underline" href={`/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
            Create an account
          </Link>
        </>
      }
    >
      <AuthForm mode="signin" action={signInWithPassword} callbackUrl={callbackUrl} />
      {providers.length > 0 && (
        <div className="mt-6 space-y-2 border-t border-slate-200 pt-4">
          {providers.map((p) => (
            <form key={p.id} action={signInWithProvider}>
              <input type="hidden" name="provider" value={p.id} />
              <input type="hidden" name="callbackUrl" value={callbackUrl} />
              <Button type="submit" variant="secondary" className="w-full">
                Continue with {p.name}
              </Button>
            </form>
          ))}
        </div>
      )}
    </AuthCard>
  );
}
