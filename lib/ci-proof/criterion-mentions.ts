import type { TestCase } from "./parse-junit";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The criterion ids a test case names in its name or classname, each as a whole word: not touching
 * a letter, a digit or a hyphen, so `AC-2` is found in "AC-2 rejects an expired card" and in
 * "checkout.test_AC-2", but not in "AC-20". Ids are compared as the brief spells them.
 */
export function criterionMatcher(ids: Iterable<string>): (testCase: TestCase) => Set<string> {
  const sorted = [...new Set(ids)].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!sorted.length) return () => new Set();
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}-])(?:${sorted.map(escape).join("|")})(?![\\p{L}\\p{N}-])`, "gu");
  return (testCase) => new Set([...`${testCase.name}\n${testCase.classname}`.matchAll(pattern)].map((match) => match[0]));
}
