import { DomainError, validationError } from "@/lib/errors";
import { evidenceMediaTypes } from "@/lib/evidence/evidence-schema";
import { readBoundedBody } from "@/lib/http/read-bounded-body";

type FormRead = { ok: true; form: FormData } | { ok: false; response: Response };

/** Room for everything a form sends beside its file: the text fields, the parts' headers and boundaries. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart/form-data body for the routes that take a file, bounded while reading: a body
 * over `maxBytes` is refused without being buffered first, whatever Content-Length claimed. The
 * refusals have the contract's error shape, like every JSON route's.
 */
export async function readMultipartForm(request: Request, maxBytes: number): Promise<FormRead> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) {
    return refuse(validationError([{ path: "", message: "Send the form as multipart/form-data." }], "The body must be a multipart form."), 415);
  }
  const bytes = await readBoundedBody(request, maxBytes);
  if (!bytes) return tooLarge(maxBytes);
  try {
    return { ok: true, form: await new Response(bytes, { headers: { "content-type": type } }).formData() };
  } catch {
    return refuse(validationError([{ path: "", message: "The multipart body could not be read." }], "The body is not a valid multipart form."), 400);
  }
}

function tooLarge(limit: number): FormRead {
  return refuse(new DomainError("CONTENT_TOO_LARGE", `The upload must not exceed ${limit} bytes in all.`, { limit }), 413);
}

function refuse(error: DomainError, status: number): FormRead {
  return { ok: false, response: Response.json({ ok: false, error: error.toJSON() }, { status, headers: { "Cache-Control": "no-store" } }) };
}

/** A text field of the form, or undefined when it was not sent. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The evidence types by file extension, for a browser that names a file's type otherwise or not at all. */
const typeByExtension = new Map(Object.entries({ png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", pdf: "application/pdf", txt: "text/plain", md: "text/markdown", markdown: "text/markdown", csv: "text/csv" }));

/**
 * A picked file as the services take it from the browser (`{name, mediaType, bytes}`), or undefined
 * when none was picked. Browsers take a file's type from the system (Windows with Excel calls a .csv
 * application/vnd.ms-excel; a .md often has no type at all), so a type that is not one of the
 * evidence types is taken from the name's extension instead. The bytes are checked against it all
 * the same.
 */
export async function fileField(form: FormData, name: string): Promise<{ name: string; mediaType: string; bytes: Uint8Array } | undefined> {
  const value = form.get(name);
  if (!(value instanceof File) || value.name === "") return undefined;
  const sent = value.type.split(";")[0].trim().toLowerCase();
  const known = (evidenceMediaTypes as readonly string[]).includes(sent);
  const byName = typeByExtension.get(/\.([A-Za-z0-9]+)$/.exec(value.name)?.[1]?.toLowerCase() ?? "");
  return { name: value.name, mediaType: known ? sent : (byName ?? value.type), bytes: new Uint8Array(await value.arrayBuffer()) };
}

/** Every text value of a repeated field (`criterionIds`). */
export function textFields(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}
