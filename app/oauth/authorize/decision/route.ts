import { getWebActor } from "@/lib/auth/session-gate";
import { isScope } from "@/lib/auth/scopes";
import { appOrigin } from "@/lib/config/app-origin";
import { approveAuthorization } from "@/lib/oauth/approve-authorization";
import { authorizationResponseUrl } from "@/lib/oauth/authorization-request";
import { isAppOrigin } from "@/lib/http/origin-guard";
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

export async function POST(request: Request): Promise<Response> {
  if (!isAppOrigin(request.headers.get("origin"))) return problem("origin");
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
