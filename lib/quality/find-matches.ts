import { inMainClause, measureFollows, restOfSentence, wordsWithOffsets } from "./clauses";
import {
  ABSOLUTES,
  BE_FORMS,
  ESCAPE_CLAUSES,
  FIXED_SLASH_TERMS,
  IRREGULAR_PARTICIPLES,
  OPEN_ENDED,
  STATIVE_PARTICIPLES,
  SUPERFLUOUS_INFINITIVES,
  VAGUE_EXCEPTIONS,
  VAGUE_TERMS,
  VAGUE_TIMES,
  WEAK_MODALS,
} from "./lexicon";
import { phrasePattern, spansOf, type Span } from "./phrase-pattern";
import type { RuleId } from "./rule-ids";

export type Match = Span & { rule: RuleId };

const escapeClauses = phrasePattern(ESCAPE_CLAUSES);
const openEnded = phrasePattern(OPEN_ENDED);
const superfluous = phrasePattern(SUPERFLUOUS_INFINITIVES);
const absolutes = phrasePattern(ABSOLUTES);
const vagueTimes = phrasePattern(VAGUE_TIMES);
const vagueExceptions = phrasePattern(VAGUE_EXCEPTIONS);
const weakModals = phrasePattern(WEAK_MODALS);
const placeholderWords = phrasePattern(["tbd", "tba", "tbc", "to be determined", "to be decided", "to be confirmed"]);
// Spec Kit marks an open point "[NEEDS CLARIFICATION: …]".
const placeholderCaps = /(?<![\p{L}\p{N}_])(?:TODO|FIXME|NEEDS CLARIFICATION)(?![\p{L}\p{N}_])/gu;
const questionMarks = /\?{2,}/g;
const andOr = phrasePattern(["and/or"]);
const slashPair = /(?<![\p{L}\p{N}_/.:\\-])([\p{L}][\p{L}-]*)\/([\p{L}][\p{L}-]*)(?![\p{L}\p{N}_/\\]|\.[\p{L}\p{N}])/gu;
const shallOrMust = /\b(?:shall|must)\b/gi;
const modalBeforeBe = /\b(?:shall|must|will|should|can|may|might|could|would)\s+$/i;

const defaultVague = phrasePattern(VAGUE_TERMS);
const vagueCache = new Map<string, RegExp>();

function vaguePattern(extra: readonly string[]): RegExp {
  if (extra.length === 0) return defaultVague;
  const key = extra.join("\n");
  let pattern = vagueCache.get(key);
  if (!pattern) {
    pattern = phrasePattern([...VAGUE_TERMS, ...extra]);
    if (vagueCache.size > 100) vagueCache.clear();
    vagueCache.set(key, pattern);
  }
  return pattern;
}

const within = (inner: Span, outer: Span) => inner.start >= outer.start && inner.end <= outer.end;

/** Every candidate match of every rule in one item's masked text; overlaps are settled by the caller. */
export function findMatches(masked: string, requirement: boolean, extraVagueTerms: readonly string[]): Match[] {
  const matches: Match[] = [];
  const add = (rule: RuleId, spans: Span[]) => {
    for (const span of spans) matches.push({ rule, ...span });
  };

  add("placeholder", [...spansOf(placeholderWords, masked), ...spansOf(placeholderCaps, masked), ...spansOf(questionMarks, masked)]);

  const exceptions = spansOf(vagueExceptions, masked);
  add(
    "vague-term",
    spansOf(vaguePattern(extraVagueTerms), masked).filter(
      (span) => !exceptions.some((e) => within(span, e)) && !measureFollows(masked, span.end) && !quoted(masked, span),
    ),
  );
  add("escape-clause", spansOf(escapeClauses, masked));
  add("open-ended", spansOf(openEnded, masked));
  add("superfluous-infinitive", spansOf(superfluous, masked));
  add("oblique", [
    ...spansOf(andOr, masked),
    ...(masked.includes("/") ? [...masked.matchAll(slashPair)] : [])
      .filter((m) => !FIXED_SLASH_TERMS.has(m[0].toLowerCase()) && m[0].toLowerCase() !== "and/or")
      .map((m) => ({ start: m.index, end: m.index + m[0].length })),
  ]);
  add("absolute", spansOf(absolutes, masked));
  add("vague-time", spansOf(vagueTimes, masked));
  add("passive-no-agent", passives(masked));

  if (requirement) {
    add(
      "weak-modal",
      spansOf(weakModals, masked).filter(
        (span) => inMainClause(masked, span.start) && !(masked.slice(span.start, span.end).toLowerCase() === "may" && /^\s+\d/.test(masked.slice(span.end))),
      ),
    );
    add("multiple-shall", spansOf(shallOrMust, masked).slice(1));
  }
  return matches;
}

/** A word in quotes is a name ("high" as a priority), not a claim. */
function quoted(text: string, span: Span): boolean {
  const before = text[span.start - 1];
  const after = text[span.end];
  return (before === '"' || before === "'" || before === "“") && (after === '"' || after === "'" || after === "”");
}

/** "is generated", "shall be sent", "are quietly dropped": a form of "be", a participle, and no "by". */
function passives(masked: string): Span[] {
  const words = wordsWithOffsets(masked);
  const spans: Span[] = [];
  for (let i = 0; i < words.length - 1; i++) {
    if (!BE_FORMS.has(words[i].word.toLowerCase())) continue;
    let j = i + 1;
    if (/ly$/i.test(words[j].word) && j + 1 < words.length) j++;
    const participle = words[j].word.toLowerCase();
    if (!isParticiple(participle) || STATIVE_PARTICIPLES.has(participle)) continue;
    // Only whitespace between the words: "is, generated" is not one verb.
    if (/\S/.test(masked.slice(words[i].end, words[j].start).replace(/[\p{L}\p{N}'’-]+/gu, ""))) continue;
    if (/\bby\b/i.test(restOfSentence(masked, words[j].end))) continue;
    const lead = masked.slice(Math.max(0, words[i].start - 12), words[i].start);
    const modal = modalBeforeBe.exec(lead);
    const start = modal ? words[i].start - lead.length + modal.index : words[i].start;
    if (!inMainClause(masked, start)) continue;
    spans.push({ start, end: words[j].end });
  }
  return spans;
}

function isParticiple(word: string): boolean {
  return (word.length > 4 && word.endsWith("ed")) || IRREGULAR_PARTICIPLES.has(word);
}
