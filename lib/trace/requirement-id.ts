/**
 * A requirement's id (docs/contract.md#requirement-ids): requirements are plain strings, so the id is a
 * leading token of the text — letters, an optional hyphen, a number with optional dotted parts — right
 * before a colon that ends the token, as in "FR-3: Export as CSV" or "R12: Totals match". A text without
 * one has no id and cannot be traced.
 */
const LEADING_ID = /^([A-Za-z]{1,16}-?[0-9]{1,9}(?:\.[0-9]{1,9})*):(?:\s|$)/;

export function requirementIdOf(text: string): string | null {
  return LEADING_ID.exec(text)?.[1] ?? null;
}

/**
 * The editor's "Number requirements": every requirement without an id gets the next free `R<n>: `
 * prefix, in order; requirements that have an id keep their text. An ordinary content change.
 */
export function numberRequirements(requirements: readonly string[]): string[] {
  const taken = new Set(requirements.map(requirementIdOf).filter((id): id is string => id !== null));
  let next = 1;
  return requirements.map((text) => {
    if (requirementIdOf(text) !== null) return text;
    while (taken.has(`R${next}`)) next++;
    taken.add(`R${next}`);
    return `R${next}: ${text}`;
  });
}
