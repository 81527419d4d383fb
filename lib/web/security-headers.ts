/**
 * The security headers of every response (see docs/security.md).
 *
 * Scripts run only with the per-request nonce (Next adds it to its own scripts when it finds it in
 * the request's policy); 'strict-dynamic' lets those scripts load the app's chunks. Styles allow
 * inline because React renders `style` attributes. No page may be framed by any origin, so no other
 * site can put our buttons under a visitor's pointer. `form-action` is deliberately not set:
 * browsers apply it to the redirect after a form post, and the OAuth consent form must be able to
 * send a person on to a client's own redirect URI (loopback, https or a custom scheme).
 */
type SecurityHeaderOptions = { nonce: string; development: boolean; https: boolean };

export function contentSecurityPolicy({ nonce, development, https }: SecurityHeaderOptions): string {
  const directives = [
    "default-src 'self'",
    // React's development build evaluates code for its debugging aids; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    // For browsers that predate frame-ancestors.
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The headers of the MCP endpoint's answers (JSON and event streams, never a page): the same rules
 * without a script nonce, since nothing in them may run, load or be framed.
 */
export function apiSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** 128 random bits, base64: a fresh nonce for each response. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
