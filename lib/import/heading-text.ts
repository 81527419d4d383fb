/**
 * A heading's text as written: the source between its `#` marks (or above a setext underline),
 * not the rendered text, so emphasis and code spans stay part of the name.
 */
export function headingText(source: string): string {
  if (source.startsWith("#")) {
    return source
      .replace(/^#{1,6}(?:[ \t]+|$)/, "")
      .replace(/(?:^|[ \t]+)#+[ \t]*$/, "")
      .trim();
  }
  const lines = source.split("\n");
  return lines
    .slice(0, -1)
    .map((line) => line.trim())
    .join(" ")
    .trim();
}
