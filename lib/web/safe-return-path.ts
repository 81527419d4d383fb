/**
 * Where to go after signing in: only a path on this site. `//host` and `/\host` are read by
 * browsers as other sites, so they are refused like absolute URLs (no open redirect).
 */
export function safeReturnPath(value: unknown, fallback = "/projects"): string {
  const path = typeof value === "string" ? value : "";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : fallback;
}
