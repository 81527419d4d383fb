import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ConsentForm } from "@/components/oauth/consent-form";
import { OAuthProblem } from "@/components/oauth/oauth-problem";
import { getWebActor } from "@/lib/auth/session-gate";
import { checkAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { describeRedirect } from "@/lib/oauth/redirect-uri";
import { verifiedHost } from "@/lib/oauth/resolve-client";
import { sealAuthorizationRequest } from "@/lib/oauth/sealed-request";
import { switchAccountAction } from "@/components/oauth/actions";

export const metadata: Metadata = { title: "Connect an application" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function toSearchParams(values: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(name, item);
  }
  return params;
}

/**
 * The authorization endpoint. The request is checked before anything else, so an untrusted client
 * or redirect URI gets this page's error (with status 400, set by proxy.ts) and never a redirect; a
 * signed-out person signs in and comes back here; then they choose.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = toSearchParams(await searchParams);
  const check = await checkAuthorizationRequest(params);
  if (check.kind === "error-page") return <OAuthProblem title="This application's request cannot be accepted" message={check.message} />;
  if (check.kind === "redirect") redirect(check.location);

  const here = `/oauth/authorize?${params.toString()}`;
  const actor = await getWebActor();
  if (!actor) redirect(`/signin?callbackUrl=${encodeURIComponent(here)}`);

  const { client, request } = check;
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md space-y-6">
        <div className="text-center">
          <p className="text-2xl font-semibold tracking-tight text-indigo-700">Briefs</p>
          <h1 className="mt-2 text-lg font-medium text-slate-800">Connect an application to your briefs</h1>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <ConsentForm
            view={{
              clientName: client.name,
              verifiedHost: verifiedHost(client),
              redirect: describeRedirect(request.redirectUri),
              scopes: request.scopes,
              account: actor.email,
              sealed: sealAuthorizationRequest(request, actor.userId),
            }}
          />
        </div>
        <form action={switchAccountAction} className="text-center text-sm text-slate-600">
          <input type="hidden" name="callbackUrl" value={here} />
          Not {actor.email}?{" "}
          <button type="submit" className="font-medium text-indigo-700 hover:underline">
            Use another account
          </button>
        </form>
      </div>
    </main>
  );
}
