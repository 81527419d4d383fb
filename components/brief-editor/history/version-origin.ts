/**
 * Who wrote a version (or a decision change) and through which door, as one phrase. The author is
 * the actor label, which for an agent already says "<email> via <token or application>"; so the
 * door is never added with a second "via": a tool name follows after a dot, and people's own doors
 * read as words.
 */
export function originText(createdBy: string, via: string): string {
  const author = createdBy || "Someone";
  if (via === "web") return `${author} in the browser`;
  if (via === "cli") return `${author} from the command line`;
  return via ? `${author} · ${via}` : author;
}
