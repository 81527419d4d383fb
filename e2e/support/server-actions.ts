import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";

/**
 * Calls a server action the way a hand-made request would, bypassing our pages: the action's id
 * comes from the build's manifest, the arguments are parts of React's reply format (part "0" is
 * the argument list; "$1" in a part refers to part "1", "$a" to part "10": references are
 * hexadecimal, part names decimal; "$K1" is a FormData of the fields named "1_…"). The server reads the parts as
 * they stream in, so parts are sent highest number first: a reference may only point back.
 */
export function serverActionId(exportedName: string, file: string): string {
  const manifestPath = path.join(process.env.NEXT_DIST_DIR ?? ".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName && entry.filename === file);
  if (!found) throw new Error(`No server action ${exportedName} in ${file}: is the build current?`);
  return found[0];
}

export function callServerAction(
  request: APIRequestContext,
  options: { pagePath: string; actionId: string; parts: Record<string, string>; origin: string; timeout?: number },
): Promise<APIResponse> {
  // Written by hand: a client's own multipart encoder may reorder fields with numeric names.
  const boundary = `----briefs-${Date.now().toString(16)}`;
  // Form fields ("1_email", for "$K1") are not parts of their own and may come first.
  const order = (name: string) => (/^\d+$/.test(name) ? Number(name) : Number.MAX_SAFE_INTEGER);
  const names = Object.keys(options.parts).sort((a, b) => order(b) - order(a));
  const body = [
    ...names.map((name) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${options.parts[name]}\r\n`),
    `--${boundary}--\r\n`,
  ].join("");
  return request.post(options.pagePath, {
    headers: {
      "Next-Action": options.actionId,
      Accept: "text/x-component",
      Origin: options.origin,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    },
    data: Buffer.from(body, "utf8"),
    timeout: options.timeout,
  });
}
