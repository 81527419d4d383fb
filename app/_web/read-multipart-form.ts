import { DomainError, validationError } from "@/lib/errors";

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
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  try {
    return { ok: true, form: await new Response(Buffer.concat(chunks, size), { headers: { "content-type": type } }).formData() };
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

/** A picked file as the services take it from the browser (`{name, mediaType, bytes}`), or undefined when none was picked. */
export async function fileField(form: FormData, name: string): Promise<{ name: string; mediaType: string; bytes: Uint8Array } | undefined> {
  const value = form.get(name);
  if (!(value instanceof File) || value.name === "") return undefined;
  return { name: value.name, mediaType: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
}

/** Every text value of a repeated field (`criterionIds`). */
export function textFields(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}
