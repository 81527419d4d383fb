/**
 * How a validation issue is reported: paths read like the JSON they point into
 * (`content.requirements[3]`, `content["odd key"]`), and reports are capped so a hostile document
 * cannot turn one bad call into a megabyte-sized error.
 */
export const MAX_REPORTED_ISSUES = 100;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function formatIssuePath(root: string, segments: readonly PropertyKey[]): string {
  let path = root;
  for (const segment of segments) {
    if (typeof segment === "number") path += `[${segment}]`;
    else if (typeof segment === "string" && IDENTIFIER.test(segment)) path += path === "" ? segment : `.${segment}`;
    // JSON.stringify escapes control characters and lone surrogates, so the path itself stays clean.
    else path += `[${JSON.stringify(String(segment))}]`;
  }
  return path;
}
