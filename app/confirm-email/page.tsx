import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth-card";
import { ConfirmEmailForm } from "@/components/auth/confirm-email-form";
import { getWebActor } from "@/lib/auth/session-gate";
import { describeConfirmationLink } from "@/lib/users/confirm-email";

export const metadata: Metadata = { title: "Confirm your email address", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

/** Where a confirmation link leads. Opening it changes nothing; the form confirms. */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  const actor = await getWebActor();
  const link = await describeConfirmationLink(token, actor?.userId);
  const footer = (
    <Link className="font-medium text-indigo-700 hover:underline" href={actor ? "/projects" : "/signin"}>
      {actor ? "Back to your projects" : "Sign in"}
    </Link>
  );
  if (!link.usable || !token) {
    return (
      <AuthCard title="This link no longer works" footer={footer}>
        <p className="text-sm text-slate-700">
          It has expired or was already used. Sign in and ask for a new link on your account page, or sign up again with
          the same address.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your email address" footer={footer}>
      <ConfirmEmailForm token={token} email={link.email} needsPassword={link.needsPassword} />
    </AuthCard>
  );
}
