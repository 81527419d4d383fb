/**
 * GitHub's rules for an owner/name: an owner is 1–39 letters, digits or single hyphens, not at the
 * ends; a repository name is 1–100 letters, digits, `.`, `-` or `_`, and not `.` or `..`. Names are
 * compared without case on GitHub, so they are kept lower-cased.
 */
const OWNER = /^[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/i;
const NAME = /^[a-z\d._-]{1,100}$/i;

/** The lower-cased owner/name, or null when the text is not one. */
export function normalizeRepositoryName(text: string): string | null {
  const parts = text.trim().split("/");
  if (parts.length !== 2) return null;
  const [owner, name] = parts;
  if (!OWNER.test(owner) || !NAME.test(name) || name === "." || name === "..") return null;
  return `${owner}/${name}`.toLowerCase();
}
