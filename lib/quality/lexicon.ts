/**
 * The words each rule looks for (docs/quality.md). Phrases are matched whole, ignoring case unless a
 * rule says otherwise; the longest wins where two overlap.
 */
export const VAGUE_TERMS = [
  "user-friendly", "user friendly", "easy to use", "easy", "fast", "quick", "quickly", "efficient", "efficiently",
  "robust", "adequate", "appropriate", "several", "some", "many", "most", "few", "a few", "minimal", "significant",
  "significantly", "seamless", "seamlessly", "intuitive", "flexible", "scalable", "reasonable", "sufficient",
  "large", "small", "high", "low", "good", "better", "simple", "clean", "modern", "responsive", "optimal",
  "acceptable",
];

/** Phrases that contain a vague word but say something exact. */
export const VAGUE_EXCEPTIONS = [
  "how many", "many-to-many", "one-to-many", "many-to-one", "significant digits", "significant digit",
  "significant figures", "at most", "most recent", "most recently",
];

export const ESCAPE_CLAUSES = [
  "if possible", "as appropriate", "where appropriate", "where applicable", "if applicable", "if necessary",
  "as needed", "if needed", "when necessary", "to the extent practical", "to the extent possible",
  "as far as possible", "if practical",
];

export const OPEN_ENDED = [
  "etc.", "etc", "and so on", "and so forth", "including but not limited to", "including, but not limited to",
  "and similar", "or similar", "and the like", "among others",
];

export const SUPERFLUOUS_INFINITIVES = ["be able to", "be capable of", "have the ability to", "has the ability to", "be possible to"];

export const ABSOLUTES = ["always", "never", "100 %", "100%", "every time", "guarantee", "guarantees", "guaranteed", "completely"];

export const VAGUE_TIMES = [
  "eventually", "soon", "as soon as possible", "asap", "in a timely manner", "timely", "periodically", "in due course",
  "from time to time", "at some point",
];

export const WEAK_MODALS = ["should", "may", "might", "could"];

/** Words that open a subordinate or relative clause: a modal or passive after one is not the main clause's. */
export const SUBORDINATORS = new Set([
  "if", "when", "whenever", "while", "where", "whether", "that", "which", "who", "unless", "though", "although",
  "because", "so",
]);

/** Word pairs with a slash that are fixed terms, not a choice left open. */
export const FIXED_SLASH_TERMS = new Set(["n/a", "i/o", "a/b", "ci/cd", "ui/ux", "tcp/ip", "w/o", "c/o", "km/h", "m/s", "b/w"]);

export const BE_FORMS = new Set(["is", "are", "was", "were", "be", "been", "being"]);

export const IRREGULAR_PARTICIPLES = new Set([
  "built", "chosen", "done", "drawn", "given", "hidden", "kept", "known", "made", "paid", "read", "sent", "set", "shown",
  "sold", "spent", "taken", "written", "stored", "held", "found", "lost", "run", "cut", "put", "shut", "sought", "told",
  "thrown",
]);

/** Participles that, after "is", describe a state rather than something done by someone unnamed. */
export const STATIVE_PARTICIPLES = new Set([
  "logged", "signed", "enabled", "disabled", "selected", "checked", "unchecked", "expired", "locked", "unlocked",
  "connected", "disconnected", "required", "allowed", "based", "located", "authenticated", "authorized", "archived",
  "deleted", "verified", "blocked", "assigned", "supported", "needed", "involved", "interested", "concerned", "called",
  "named",
]);
