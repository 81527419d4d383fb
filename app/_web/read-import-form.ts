import { IMPORT_FILES_MAX_WEB } from "@/lib/contract/bounds";
import { MAX_IMPORT_FILE_BYTES } from "@/lib/import/import-limits";
import { DomainError, validationError } from "@/lib/errors";
import { parseImportChoices } from "@/lib/import/import-choices";
import type { ImportChoices, ImportFile } from "@/lib/import/import-files";
import { PASTED_SOURCE } from "@/lib/import/import-preview";
import { textField } from "./read-multipart-form";

export type ImportForm = { mode: "preview" | "import"; files: ImportFile[]; choices: ImportChoices; idempotencyKey?: string };

/**
 * The import route's form: `files` (any number), `text` (pasted Markdown), `choices` (JSON),
 * `mode` and, to import, `idempotencyKey`. Refusals name the file they concern, so the page can
 * show each one next to its file.
 */
export async function readImportForm(form: FormData): Promise<ImportForm> {
  const mode = textField(form, "mode");
  if (mode !== "preview" && mode !== "import") throw validationError([{ path: "mode", message: "mode must be preview or import." }]);
  const uploads = form.getAll("files").filter((value): value is File => value instanceof File && value.name !== "");
  const text = textField(form, "text") ?? "";
  const sent = [...uploads.map((file) => ({ name: baseName(file.name), size: file.size, read: () => file.arrayBuffer() })), ...(text.trim() ? [pasted(text)] : [])];
  if (sent.length > IMPORT_FILES_MAX_WEB) throw validationError([{ path: "files", message: `Import at most ${IMPORT_FILES_MAX_WEB} files at a time.` }]);
  const tooLarge = sent.filter((file) => file.size > MAX_IMPORT_FILE_BYTES);
  if (tooLarge.length) {
    throw new DomainError("CONTENT_TOO_LARGE", `A file may be at most ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.`, {
      limit: MAX_IMPORT_FILE_BYTES,
      issues: tooLarge.map((file) => ({ path: file.name, message: `${file.name} is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.` })),
    });
  }
  const names = sent.map((file) => file.name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length) throw validationError([...new Set(twice)].map((name) => ({ path: name, message: `Two files are named ${name}; rename one of them.` })));
  const files = await Promise.all(sent.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.read()) })));
  return { mode, files, choices: parseImportChoices(textField(form, "choices")), idempotencyKey: mode === "import" ? (textField(form, "idempotencyKey") ?? "") : undefined };
}

function pasted(text: string) {
  const bytes = new TextEncoder().encode(text);
  return { name: PASTED_SOURCE, size: bytes.byteLength, read: async () => bytes.buffer };
}

/** Browsers send a bare name, but a client may send a path; the source is the name alone. */
function baseName(name: string): string {
  return name.replace(/^.*[\\/]/, "");
}
