import type { SearchSnippet } from "./search-schema";

/**
 * ts_headline marks the matched words with these two characters (from Unicode's private use area).
 * The text given to ts_headline has them removed first, so every one in its output is a marker and
 * the result can be split without any guessing; nothing of it is ever treated as markup.
 */
export const MATCH_START = "\uE000";
export const MATCH_STOP = "\uE001";

/**
 * A snippet from ts_headline's output: plain text with whitespace folded (a line break — between
 * list rows, or paragraphs — becomes " · ", other runs one space) and the marked words as code-point
 * ranges into that text.
 */
export function snippetFromHeadline(section: string | null, headline: string | null): SearchSnippet {
  if (headline === null) return { section: null, text: "", highlights: [] };
  let text = "";
  let length = 0;
  let gap: "" | " " | " · " = "";
  let opening = false;
  let open: number | null = null;
  const highlights: SearchSnippet["highlights"] = [];
  for (const char of headline) {
    if (char === MATCH_START) {
      opening = true;
    } else if (char === MATCH_STOP) {
      if (open !== null && length > open) highlights.push({ start: open, end: length });
      opening = false;
      open = null;
    } else if (char === "\n") {
      gap = " · ";
    } else if (/\s/u.test(char)) {
      gap ||= " ";
    } else {
      if (gap && text) {
        text += gap;
        length += gap.length;
      }
      gap = "";
      if (opening) {
        open = length;
        opening = false;
      }
      text += char;
      length++;
    }
  }
  return { section, text, highlights };
}

/** The snippet as runs of plain and matched text, for display. */
export function snippetRuns(snippet: SearchSnippet): Array<{ text: string; match: boolean }> {
  const points = Array.from(snippet.text);
  const runs: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const { start, end } of snippet.highlights) {
    if (start < at || end > points.length || end <= start) continue;
    if (start > at) runs.push({ text: points.slice(at, start).join(""), match: false });
    runs.push({ text: points.slice(start, end).join(""), match: true });
    at = end;
  }
  if (at < points.length) runs.push({ text: points.slice(at).join(""), match: false });
  return runs;
}
