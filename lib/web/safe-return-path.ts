/**
 * Where to go after signing in: only a path on this site, never another origin (no open redirect).
 *
 * Browsers forgive a lot in a URL: they drop tabs and newlines anywhere, trim spaces, read `\` as
 * `/`, and treat `//host` as another site. So the value is refused outright when it holds any
 * control character, whitespace or backslash, or does not start with a single `/`; then it is
 * parsed against an origin and kept only if it stays on that origin, as path, query and fragment
 * (so a dot segment cannot turn `/..//host` into `//host`). A refused value gives the fallback;
 * nothing here throws, so no input can make a page fail.
 */
const PARSE_ORIGIN = "http://return-path.invalid";
const MAX_LENGTH = 2048;
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f\\\u200b-\u200f\u2028\u2029\ufeff]/;

export function safeReturnPath(value: unknown, fallback = "/projects"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || FORBIDDEN.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PARSE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PARSE_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
