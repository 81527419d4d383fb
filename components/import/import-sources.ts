import { MAX_IMPORT_FILE_BYTES } from "@/lib/import/import-limits";

/** What the import reads, for the file picker's `accept` and for files dropped on the zone. */
export const IMPORT_EXTENSIONS = [".md", ".markdown", ".txt", ".docx", ".zip"] as const;

/**
 * Why a chosen file will not be sent, or null: the browser already knows a file's name and size,
 * so a wrong kind or a file over the limit is said next to it at once instead of after an upload.
 */
export function localRefusal(file: File): string | null {
  const extension = /\.[^.]+$/.exec(file.name)?.[0]?.toLowerCase() ?? "";
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(extension)) return `Only ${IMPORT_EXTENSIONS.join(", ")} files can be imported.`;
  if (file.size > MAX_IMPORT_FILE_BYTES) return `This file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB, the limit per file.`;
  if (file.size === 0) return "This file is empty.";
  return null;
}

/** Chosen files by name: a file chosen again under the same name replaces the earlier one (sources are unique). */
export function withFiles(current: File[], added: File[]): File[] {
  const names = new Set(added.map((file) => file.name));
  return [...current.filter((file) => !names.has(file.name)), ...added];
}
