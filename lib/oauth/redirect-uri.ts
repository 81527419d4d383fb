import { isLoopbackHost } from "@/lib/http/loopback-host";

const MAX_REDIRECT_URI_CHARS = 2000;
// Schemes a redirect must never use: they run code, read files or would reach a network host
// that the https rule below did not vet.
const FORBIDDEN_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "blob:", "about:", "ws:", "wss:", "ftp:"]);

/**
 * Whether a requested redirect URI is one the client registered. Exact string match, except that
 * a loopback `http` redirect may use any port (RFC 8252 §7.3: native apps listen on an ephemeral
 * port), with the same host literal, path and query. Nothing else is matched loosely.
 */
export function redirectUriMatches(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  const asked = parse(requested);
  if (!asked || asked.protocol !== "http:" || !isLoopbackHost(asked.hostname) || asked.hash || requested.includes("#")) return false;
  return registered.some((entry) => {
    const known = parse(entry);
    return (
      known !== null &&
      known.protocol === "http:" &&
      known.hostname === asked.hostname &&
      known.username === asked.username &&
      known.password === asked.password &&
      known.pathname === asked.pathname &&
      known.search === asked.search
    );
  });
}

/**
 * Why a redirect URI may not be registered, or null when it may: https on any host; http only on a
 * loopback host; or a private-use scheme of a native app (RFC 8252 §7.1, e.g. `cursor://…`). Never a
 * fragment, credentials, or a scheme that runs code.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_REDIRECT_URI_CHARS) return `is longer than ${MAX_REDIRECT_URI_CHARS} characters`;
  if (/[\u0000-\u0020\u007f\\]/.test(uri)) return "contains whitespace, control characters or backslashes";
  const url = parse(uri);
  if (!url) return "is not an absolute URI";
  if (uri.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return url.hostname ? null : "must name a host";
  if (url.protocol === "http:") return isLoopbackHost(url.hostname) ? null : "may use http only on 127.0.0.1, [::1] or localhost";
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `must not use the ${url.protocol} scheme`;
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? null : "has an invalid scheme";
}

/** Where the browser will be sent, as the consent page shows it; `kind` drives its warning. */
export function describeRedirect(uri: string): { host: string; kind: "web" | "loopback" | "app" } {
  const url = parse(uri);
  if (!url) return { host: uri, kind: "app" };
  if (url.protocol === "http:" || url.protocol === "https:") {
    return { host: url.host, kind: isLoopbackHost(url.hostname) ? "loopback" : "web" };
  }
  return { host: `${url.protocol}//${url.host}`, kind: "app" };
}

function parse(value: string): URL | null {
  return URL.canParse(value) ? new URL(value) : null;
}
