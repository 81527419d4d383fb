/**
 * RFC 8707 resource indicators compared in canonical form: scheme and host lower-case (URL does
 * that), default port dropped, one trailing slash of the path removed. A fragment makes the value
 * invalid (RFC 8707 §2). Returns null for anything that is not an absolute http(s) URI.
 */
export function canonicalResource(value: string): string | null {
  if (value.includes("#") || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const path = url.pathname.length > 1 && url.pathname.endsWith("/") ? url.pathname.slice(0, -1) : url.pathname;
  return `${url.origin}${path === "/" ? "" : path}${url.search}`;
}

/** Whether a requested resource names `ours` (itself canonical). An absent resource means ours. */
export function resourceMatches(requested: string | undefined, ours: string): boolean {
  if (requested === undefined) return true;
  return canonicalResource(requested) === ours;
}
