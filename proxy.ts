import { NextResponse, type NextRequest } from "next/server";
import { appOrigin } from "@/lib/config/app-origin";
import { checkAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { newNonce, securityHeaders } from "@/lib/web/security-headers";

/**
 * Sets the security headers on every response. The policy is also put on the request: that is
 * where Next looks for the nonce to stamp on the scripts it renders.
 */
export async function proxy(request: NextRequest) {
  const headers = securityHeaders({
    nonce: newNonce(),
    development: process.env.NODE_ENV === "development",
    https: appOrigin().startsWith("https:"),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = NextResponse.next({ status: await authorizationPageStatus(request), request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  if (request.nextUrl.pathname.startsWith("/s/")) {
    // A share link's page: its token is the key, so it is never sent on as a Referer, never indexed,
    // and never cached (a revoked link ends on the next request).
    response.headers.set("Referrer-Policy", "no-referrer");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
}

/**
 * A page cannot choose its HTTP status, so the authorization endpoint's is chosen here. A request
 * the page (app/oauth/authorize/page.tsx) answers with its error page instead of a redirect — an
 * unknown client, a refused metadata document, a redirect URI the client did not register — is
 * answered 400. The page checks the request again and alone decides what to show and where to send
 * the browser: taking the verdict from a request header instead would let a request that never
 * passed through here supply its own. The second check reads one row by key (the metadata document
 * the first one fetched is cached, unless it was sent with no-store).
 */
async function authorizationPageStatus(request: NextRequest): Promise<number | undefined> {
  if (request.nextUrl.pathname !== "/oauth/authorize" || (request.method !== "GET" && request.method !== "HEAD")) return undefined;
  try {
    return (await checkAuthorizationRequest(request.nextUrl.searchParams)).kind === "error-page" ? 400 : undefined;
  } catch {
    // The page meets the same failure (the database is down, say) and answers it as any page does.
    return undefined;
  }
}
