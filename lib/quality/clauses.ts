import { SUBORDINATORS } from "./lexicon";

/** Where a clause stops, looking back: punctuation, or Kiro's "WHEN … THEN" turn to the main clause. */
const CLAUSE_BREAK = /[,;:.!?()]|\bthen\b/gi;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const NUMBER_WORDS = new Set(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "hundred", "thousand", "million"]);

/**
 * Whether the word at `offset` belongs to the sentence's main clause: no subordinating or relative
 * word ("if", "when", "who", "that" …) comes before it in the same stretch of the clause.
 */
export function inMainClause(text: string, offset: number): boolean {
  const before = text.slice(0, offset);
  let from = 0;
  for (const match of before.matchAll(CLAUSE_BREAK)) from = match.index + match[0].length;
  for (const word of before.slice(from).matchAll(WORD)) {
    if (SUBORDINATORS.has(word[0].toLowerCase())) return false;
  }
  return true;
}

/** Whether a number (in digits or words) comes within the next `words` words after `offset`. */
export function measureFollows(text: string, offset: number, words = 6): boolean {
  let seen = 0;
  for (const word of text.slice(offset).matchAll(WORD)) {
    if (/\d/.test(word[0]) || NUMBER_WORDS.has(word[0].toLowerCase())) return true;
    if (++seen >= words) break;
  }
  // "< 200 ms" or "≤ 2 s" right after the word.
  return /^\s*[(:]?\s*[<>≤≥~]?\s*\d/.test(text.slice(offset));
}

/** The rest of the sentence after `offset`: up to a full stop, semicolon, ! or ? that ends it. */
export function restOfSentence(text: string, offset: number): string {
  const rest = text.slice(offset);
  const end = rest.search(/[.;!?](?:\s|$)/);
  return end === -1 ? rest : rest.slice(0, end);
}

export function wordsWithOffsets(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}
