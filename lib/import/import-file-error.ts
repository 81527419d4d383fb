import { validationError, type DomainError } from "@/lib/errors";

/**
 * The refusal of an uploaded file: VALIDATION_ERROR with one issue at `file` whose message says
 * what is wrong, the limit when there is one, and which file or ZIP entry it is about.
 */
export function importFileError(message: string): DomainError {
  return validationError([{ path: "file", message }]);
}

/** A file or entry name as a message quotes it: in quotes, and cut short when it is very long. */
export function quoteName(name: string): string {
  const shown = [...name].length > 120 ? `${[...name].slice(0, 117).join("")}…` : name;
  return `“${shown}”`;
}
