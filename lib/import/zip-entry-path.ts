import { importFileError, quoteName } from "./import-file-error";

/**
 * An entry's name as a safe path inside the upload: forward slashes, no empty or "." segments.
 * Backslashes count as separators (old Windows tools wrote them so), which is also how `..\` and
 * `\abs` tricks are caught. A name that would reach outside the upload — a ".." segment, an
 * absolute path, a drive letter (`C:`), a UNC share (`\\server`) — or that holds control
 * characters is refused, naming the entry: such a ZIP was made to write where it should not.
 */
export function safeEntryPath(name: string, entryLabel = quoteName(name)): string {
  // Control characters (NUL included) have no place in a file name and hide what it says.
  if (/[\u0000-\u001f\u007f]/.test(name)) throw refuse(entryLabel, "its name holds control characters");
  const slashed = name.replace(/\\/g, "/");
  if (slashed.startsWith("/")) throw refuse(entryLabel, "its path is absolute");
  if (/^[a-zA-Z]:/.test(slashed)) throw refuse(entryLabel, "its path starts with a drive letter");
  const segments = slashed.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.some((segment) => segment === "..")) throw refuse(entryLabel, "its path climbs out of the archive with “..”");
  return segments.join("/");
}

function refuse(entryLabel: string, why: string) {
  return importFileError(`The ZIP entry ${entryLabel} is refused: ${why}. Paths must stay inside the ZIP.`);
}
