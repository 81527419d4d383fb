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
  const { breaks, subordinators } = clauseMarks(text);
  const from = last(breaks, offset);
  const word = last(subordinators, offset - 1);
  return word === -1 || word < from;
}

type ClauseMarks = { breaks: number[]; subordinators: number[] };
let marked: { text: string; marks: ClauseMarks } | undefined;

/** Where each clause break ends and each subordinating word starts, in order; the last text's are kept, as every rule asks about the same item. */
function clauseMarks(text: string): ClauseMarks {
  if (marked?.text === text) return marked.marks;
  const marks: ClauseMarks = {
    breaks: [...text.matchAll(CLAUSE_BREAK)].map((m) => m.index + m[0].length),
    subordinators: wordsWithOffsets(text).filter((w) => SUBORDINATORS.has(w.word.toLowerCase())).map((w) => w.start),
  };
  marked = { text, marks };
  return marks;
}

/** The last value in the sorted `values` at or below `offset` (a break ending at `offset` counts), or -1. */
function last(values: readonly number[], offset: number): number {
  let found = -1;
  for (let lo = 0, hi = values.length - 1; lo <= hi; ) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= offset) {
      found = values[mid];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Whether a number (in digits or words) comes within the next `words` words after `offset`. */
export function measureFollows(text: string, offset: number, words = 6): boolean {
  const all = wordsWithOffsets(text);
  const from = all.findIndex((w) => w.start >= offset);
  const next = from === -1 ? [] : all.slice(from, from + words);
  if (next.some((w) => /\d/.test(w.word) || NUMBER_WORDS.has(w.word.toLowerCase()))) return true;
  // "< 200 ms" or "≤ 2 s" right after the word.
  return /^\s*[(:]?\s*[<>≤≥~]?\s*\d/.test(text.slice(offset, offset + 16));
}

/** The rest of the sentence after `offset`: up to a full stop, semicolon, ! or ? that ends it. */
export function restOfSentence(text: string, offset: number): string {
  const rest = text.slice(offset);
  const end = rest.search(/[.;!?](?:\s|$)/);
  return end === -1 ? rest : rest.slice(0, end);
}

export type Word = { word: string; start: number; end: number };
let tokenized: { text: string; words: Word[] } | undefined;

/** The text's words with their offsets; the last text's are kept, as several rules read the same item. */
export function wordsWithOffsets(text: string): Word[] {
  if (tokenized?.text !== text) tokenized = { text, words: [...text.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length })) };
  return tokenized.words;
}
