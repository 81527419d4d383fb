import { findMatches, type Match } from "./find-matches";
import { maskText } from "./mask-text";
import { defaultSeverity, type CheckedSection, type RuleId, type Severity } from "./rule-ids";
import { RULE_TEXTS } from "./rule-texts";

export type QualityFinding = {
  ruleId: RuleId;
  severity: Severity;
  section: CheckedSection;
  index: number;
  itemId: string | null;
  start: number;
  end: number;
  words: string;
  message: string;
  suggestion: string;
};

/** A project's choices (docs/quality.md#project-rules). */
export type QualityRules = {
  disabledRules: readonly RuleId[];
  extraVagueTerms: readonly string[];
  earsRequired: boolean;
};

export const DEFAULT_RULES: QualityRules = { disabledRules: [], extraVagueTerms: [], earsRequired: false };

export type CheckedItem = { section: CheckedSection; index: number; itemId: string | null; text: string };

/** The findings in one item's text, overlaps settled: where two matches overlap, the longer stands. */
export function checkItem(item: CheckedItem, rules: QualityRules = DEFAULT_RULES): QualityFinding[] {
  const masked = maskText(item.text);
  const disabled = new Set(rules.disabledRules);
  const candidates = findMatches(masked, item.section === "requirements", rules.extraVagueTerms)
    .filter((match) => !disabled.has(match.rule))
    .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: Match[] = [];
  for (const match of candidates) {
    if (!kept.some((k) => match.start < k.end && k.start < match.end)) kept.push(match);
  }
  return kept.sort((a, b) => a.start - b.start).map((match) => finding(item, match.rule, match.start, match.end));
}

export function finding(item: CheckedItem, ruleId: RuleId, start: number, end: number): QualityFinding {
  const words = item.text.slice(start, end);
  const texts = RULE_TEXTS[ruleId];
  return {
    ruleId,
    severity: defaultSeverity(ruleId),
    section: item.section,
    index: item.index,
    itemId: item.itemId,
    start,
    end,
    words,
    message: texts.message(words),
    suggestion: texts.suggestion(words),
  };
}
