/**
 * Code spans and URLs are never findings: they are replaced by spaces of the same length, so every
 * offset found in the masked text is an offset in the original.
 */
const CODE_SPAN = /`[^`]*`/g;
const URL = /\b(?:https?:\/\/|www\.)\S+/gi;

export function maskText(text: string): string {
  const blank = (match: string) => " ".repeat(match.length);
  return text.replace(CODE_SPAN, blank).replace(URL, blank);
}
