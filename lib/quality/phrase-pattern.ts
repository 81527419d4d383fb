/**
 * One regular expression for a list of phrases: whole words only (a hyphen counts as part of a
 * word, so "fast" does not match in "fast-forward"), any run of spaces between words, longest
 * phrase first so "as soon as possible" wins over "soon".
 */
export function phrasePattern(phrases: readonly string[], flags = "gi"): RegExp {
  const alternatives = [...new Set(phrases.map((p) => p.trim().toLowerCase()).filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"));
  // A phrase ending in a non-word character (etc., 100 %) needs no boundary after it.
  return new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${alternatives.join("|")})(?:(?<=[^\\p{L}\\p{N}])|(?![\\p{L}\\p{N}_-]))`, `${flags}u`);
}

export type Span = { start: number; end: number };

export function spansOf(pattern: RegExp, text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(pattern)) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}
