import { NextResponse, type NextRequest } from "next/server";
import { appOrigin } from "@/lib/config/app-origin";
import { newNonce, securityHeaders } from "@/lib/web/security-headers";

/**
 * Sets the security headers on every response. The policy is also put on the request: that is
 * where Next looks for the nonce to stamp on the scripts it renders.
 */
export function proxy(request: NextRequest) {
  const headers = securityHeaders({
    nonce: newNonce(),
    development: process.env.NODE_ENV === "development",
    https: appOrigin().startsWith("https:"),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
