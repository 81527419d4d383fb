import { getWebActor } from "@/lib/auth/session-gate";
import { isScope } from "@/lib/auth/scopes";
import { appOrigin } from "@/lib/config/app-origin";
import { approveAuthorization } from "@/lib/oauth/approve-authorization";
import { authorizationResponseUrl } from "@/lib/oauth/authorization-request";
import { isLoopbackHost } from "@/lib/oauth/redirect-uri";
import { unsealAuthorizationRequest } from "@/lib/oauth/sealed-request";
import { readUtf8Body } from "@/lib/http/read-utf8-body";

// The consent form's answer: a plain form POST answered 303, so it can return to any client.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const MAX_FORM_BYTES = 16 * 1024;

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

const problem = (reason: "expired" | "origin" | "signed-out") => seeOther(`${appOrigin()}/oauth/error?reason=${reason}`);

/** Browsers send Origin on form posts; it must be the app's own (loopback aliases of it count). */
function fromOurPages(origin: string | null): boolean {
  const ours = new URL(appOrigin());
  if (origin === null) return false;
  if (origin === ours.origin) return true;
  if (!URL.canParse(origin)) return false;
  const theirs = new URL(origin);
  return isLoopbackHost(ours.hostname) && isLoopbackHost(theirs.hostname) && theirs.protocol === ours.protocol && theirs.port === ours.port;
}

export async function POST(request: Request): Promise<Response> {
  if (!fromOurPages(request.headers.get("origin"))) return problem("origin");
  const actor = await getWebActor();
  if (!actor) return problem("signed-out");
  const body = await readUtf8Body(request, MAX_FORM_BYTES);
  if (!body.ok) return problem("expired");
  const form = new URLSearchParams(body.text);
  const authorization = unsealAuthorizationRequest(form.get("request") ?? "", actor.userId);
  if (!authorization) return problem("expired");

  if (form.get("decision") !== "approve") {
    return seeOther(
      authorizationResponseUrl(authorization.redirectUri, {
        error: "access_denied",
        error_description: "The person declined to connect the application.",
        state: authorization.state,
      }),
    );
  }
  const chosen = form.getAll("scope").filter(isScope);
  const code = await approveAuthorization(actor.userId, authorization, chosen.length ? chosen : ["brief:read"]);
  return seeOther(authorizationResponseUrl(authorization.redirectUri, { code, state: authorization.state }));
}
