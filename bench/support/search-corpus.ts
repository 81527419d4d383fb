/**
 * The search benchmark's briefs: deterministic (seeded) documents of 5–8 KB whose words follow a
 * Zipf distribution over a vocabulary of 6,000 words — a few words occur in nearly every brief, most
 * in few — so queries of every selectivity exist. `vocabularyWord(rank)` names the word of a rank.
 */
import { seededRandom } from "./seeded-random";

const BASE_WORDS = (
  "brief version content section requirement criterion checklist project owner editor viewer agent token scope " +
  "approval review state draft baseline development transition history user customer manager engineer tester product " +
  "team release store read write update create delete list page cursor error conflict retry key receipt hash lock " +
  "transaction database server client request response limit size field value text label order sequence time " +
  "timestamp date audit log metric alert dashboard mobile web browser screen button form dialog menu link upload " +
  "download export import report search invoice payment refund checkout cart order shipping address email " +
  "notification password account session permission role admin settings profile avatar language currency tax"
).split(" ");

const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qui", "bre", "dor", "fen", "gil", "hax", "jun", "mor", "pel", "tras"];

/** The vocabulary in rank order: the base words first (the most frequent), then made-up words. */
const VOCABULARY: string[] = (() => {
  const words = new Set(BASE_WORDS);
  for (let i = 0; words.size < 6000; i++) {
    // Three or four syllables from the index: distinct, pronounceable, stemmer-stable enough.
    let n = i;
    let word = "";
    for (let s = 0; s < 3 + (i % 2); s++) {
      word += SYLLABLES[n % SYLLABLES.length];
      n = Math.floor(n / SYLLABLES.length) + s + 1;
    }
    words.add(word);
  }
  return [...words];
})();

const CUMULATIVE: Float64Array = (() => {
  const weights = VOCABULARY.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (cumulative[i] = sum += w / total));
  return cumulative;
})();

/** The word of a Zipf rank (1 = the most frequent). */
export function vocabularyWord(rank: number): string {
  return VOCABULARY[rank - 1];
}

function word(next: () => number): string {
  const x = next();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo];
}

function sentence(next: () => number, length: number): string {
  let text = "";
  while (text.length < length) text += `${text ? " " : ""}${word(next)}`;
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function between(next: () => number, min: number, max: number): number {
  return min + Math.floor(next() * (max - min + 1));
}

/** Brief `n`: its title and content, 5–8 KB of JSON; `extra` words go into its first requirement. */
export function searchBrief(n: number, extra: string[] = []): { title: string; content: Record<string, unknown> } {
  const next = seededRandom(n * 2654435761);
  const requirements = Array.from({ length: between(next, 6, 12) }, () => sentence(next, between(next, 80, 200)));
  if (extra.length) requirements[0] = `${requirements[0]} ${extra.join(" ")}.`;
  return {
    title: `${sentence(next, between(next, 20, 50)).slice(0, -1)} #${n}`,
    content: {
      goal: sentence(next, between(next, 300, 600)),
      userPersonaContext: sentence(next, between(next, 150, 400)),
      scope: sentence(next, between(next, 200, 500)),
      requirements,
      acceptanceCriteria: Array.from({ length: between(next, 4, 8) }, (_, i) => ({ id: `AC-${i + 1}`, text: sentence(next, between(next, 80, 180)) })),
      technicalSolution: sentence(next, between(next, 300, 900)),
      testingQaChecklist: Array.from({ length: between(next, 4, 10) }, () => ({ text: sentence(next, between(next, 40, 90)), checked: false })),
      generatedTickets: Array.from({ length: between(next, 1, 3) }, (_, i) => ({
        id: `T-${i + 1}`,
        title: sentence(next, between(next, 30, 60)),
        description: sentence(next, between(next, 100, 300)),
        boundCriteria: ["AC-1"],
        boundRequirements: [],
      })),
      decisions: Array.from({ length: between(next, 1, 4) }, () => ({ text: sentence(next, between(next, 60, 150)), stated: true })),
      openQuestions: Array.from({ length: between(next, 0, 4) }, () => sentence(next, between(next, 50, 120))),
    },
  };
}
