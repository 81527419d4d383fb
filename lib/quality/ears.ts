import { requirementIdOf } from "@/lib/trace/requirement-id";

/** The EARS patterns (Mavin et al., 2009); `complex` combines two or more of the leading clauses. */
export type EarsPattern = "ubiquitous" | "event" | "state" | "optional" | "unwanted" | "complex";

const KEYWORDS = { when: "event", while: "state", where: "optional", if: "unwanted" } as const;
const OTHER_OPENERS = /^(?:after|before|once|given|on|upon|unless|as|during|until)\b/i;

/**
 * Which EARS pattern a requirement follows, or null. EARS's keyword is "shall": a requirement
 * that says must, should or will is null. The leading clauses are read in order: each starts
 * with When, While, Where or If and ends at a comma or at Kiro's "THEN"; "If" needs its "then".
 */
export function earsPattern(requirement: string): EarsPattern | null {
  const id = requirementIdOf(requirement);
  const text = (id ? requirement.slice(requirement.indexOf(":") + 1) : requirement).trim();
  if (!/\bshall\b/i.test(text)) return null;
  const found = new Set<EarsPattern>();
  let rest = text;
  let unwantedNeedsThen = false;
  for (;;) {
    const keyword = /^(when|while|where|if)\b/i.exec(rest)?.[1].toLowerCase() as keyof typeof KEYWORDS | undefined;
    if (!keyword) break;
    found.add(KEYWORDS[keyword]);
    // The clause runs to the next comma or "then", whichever comes first.
    const end = /,|\bthen\b/i.exec(rest) ?? subjectOfShall(rest);
    if (!end) return null;
    const isThen = end[0].toLowerCase() === "then";
    if (keyword === "if") unwantedNeedsThen = !isThen;
    rest = rest.slice(end.index + end[0].length).trimStart();
    if (/^then\b/i.test(rest)) {
      if (keyword === "if") unwantedNeedsThen = false;
      rest = rest.slice(4).trimStart();
    }
    if (isThen) break;
  }
  if (unwantedNeedsThen) return null;
  if (found.size === 0) return OTHER_OPENERS.test(text) ? null : "ubiquitous";
  if (!/\bshall\b/i.test(rest)) return null;
  return found.size > 1 ? "complex" : [...found][0];
}

/** "WHILE maintenance mode is on the system SHALL …": with neither comma nor THEN, the main clause starts at its subject. */
function subjectOfShall(clause: string): RegExpExecArray | null {
  const subject = /\b(?:the|a|an|each|every)\s+(?:[\p{L}\p{N}'’-]+\s+){0,3}shall\b/iu.exec(clause);
  if (!subject || subject.index === 0) return null;
  // An empty match at the subject: the clause ends there and the subject stays with the main clause.
  const at = Object.assign([""], { index: subject.index, input: clause, groups: undefined }) as RegExpExecArray;
  return at;
}
