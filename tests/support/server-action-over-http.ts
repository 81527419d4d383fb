import fs from "node:fs";
import path from "node:path";

/**
 * A server action called over plain HTTP, as a page's form would call it: the action's id from the
 * build's manifest, its arguments in React's reply format: part "0" is the argument list, and "$K1"
 * in it a FormData of the fields named "_1_…" (the form of React 19.2's encoder).
 */
export function serverActionId(exportedName: string, file: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName && entry.filename === file);
  if (!found) throw new Error(`No server action ${exportedName} in ${file}: is the build current?`);
  return found[0];
}

/** The body and headers of a form action `(previousState, formData)` whose form holds `fields`. */
export function formActionRequest(actionId: string, origin: string, fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  const boundary = `----briefs-${Date.now().toString(16)}`;
  const parts: Array<[string, string]> = [...Object.entries(fields).map(([name, value]): [string, string] => [`_1_${name}`, value]), ["0", JSON.stringify(["$undefined", "$K1"])]];
  const body = [...parts.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`), `--${boundary}--\r\n`].join("");
  return {
    method: "POST",
    headers: { "Next-Action": actionId, Accept: "text/x-component", Origin: origin, "Content-Type": `multipart/form-data; boundary=${boundary}`, ...headers },
    body,
    redirect: "manual",
  };
}
