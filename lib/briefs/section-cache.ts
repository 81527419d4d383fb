import canonicalize from "canonicalize";

/**
 * What a section's stored JSON text yields: the parsed value (deep-frozen, because it is shared) and
 * its RFC 8785 canonical text. A section blob is immutable and named by the SHA-256 of its exact
 * text, so an entry depends on nothing but its hash: every app instance on the same database may
 * keep its own, none can go stale, and a miss only costs reading the blob. The database stays the
 * truth; this spares parsing and canonicalising the sections a write did not touch.
 */
export type SectionFacts = { json: string; value: unknown; canonical: string };

// About 16 MB of text (plus the parsed values): some eighty 200 KB briefs.
const MAX_CHARS = 8_000_000;

const entries = new Map<string, SectionFacts>();
let chars = 0;

export function cachedSection(hash: string): SectionFacts | undefined {
  const facts = entries.get(hash);
  if (facts) {
    // Least recently used goes first: re-insert on every hit.
    entries.delete(hash);
    entries.set(hash, facts);
  }
  return facts;
}

/** The facts of a blob's text, from the cache or computed (and remembered). */
export function sectionFacts(hash: string, json: string, parsed?: unknown): SectionFacts {
  const known = cachedSection(hash);
  if (known) return known;
  const value = deepFreeze(parsed === undefined ? JSON.parse(json) : parsed);
  const canonical = canonicalize(value);
  if (canonical === undefined) throw new TypeError("A section has no JSON representation.");
  const facts = { json, value, canonical };
  entries.set(hash, facts);
  chars += json.length + canonical.length;
  for (const [oldest, old] of entries) {
    if (chars <= MAX_CHARS) break;
    entries.delete(oldest);
    chars -= old.json.length + old.canonical.length;
  }
  return facts;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
