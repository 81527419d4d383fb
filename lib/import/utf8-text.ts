/**
 * Text as the import reads it: strict UTF-8 (a wrong byte is refused, never replaced by "�"), with
 * a leading byte order mark dropped, and without NUL bytes, which no text file has and every binary
 * file does.
 */
export type Utf8Text = { ok: true; text: string } | { ok: false; problem: "utf-16" | "binary" | "not-utf-8" };

const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

export function decodeUtf8Text(bytes: Uint8Array): Utf8Text {
  if (UTF16_BOMS.some(([a, b]) => bytes[0] === a && bytes[1] === b)) return { ok: false, problem: "utf-16" };
  if (bytes.includes(0)) return { ok: false, problem: "binary" };
  try {
    // `ignoreBOM: false` (the default) drops one leading byte order mark.
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, problem: "not-utf-8" };
  }
}

/** The end of a refusal sentence for a text that did not decode, e.g. "… is not UTF-8 text: …". */
export function describeTextProblem(problem: "utf-16" | "binary" | "not-utf-8"): string {
  switch (problem) {
    case "utf-16":
      return "it is UTF-16 text; save it as UTF-8 and import it again.";
    case "binary":
      return "it contains NUL bytes, so it is a binary file, not text.";
    case "not-utf-8":
      return "it is not valid UTF-8 text; save it as UTF-8 and import it again.";
  }
}
