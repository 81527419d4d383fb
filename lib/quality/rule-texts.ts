import type { RuleId } from "./rule-ids";

/** Each rule's one-line explanation and a way to fix it; `w` is the words found. */
export const RULE_TEXTS: Record<RuleId, { title: string; message: (w: string) => string; suggestion: (w: string) => string }> = {
  placeholder: {
    title: "Placeholders",
    message: (w) => `"${w}" marks something not decided yet.`,
    suggestion: () => "Decide it and write the value, or move the question to Open questions.",
  },
  "vague-term": {
    title: "Vague terms",
    message: (w) => `"${w}" has no measure: readers will each assume their own.`,
    suggestion: () => "Replace it with a number and a unit or a test, e.g. \"within 2 s at p95\" or \"in at most 3 clicks\".",
  },
  "escape-clause": {
    title: "Escape clauses",
    message: (w) => `"${w}" lets the requirement be skipped without saying when.`,
    suggestion: () => "State the condition under which it applies, or drop the clause.",
  },
  "open-ended": {
    title: "Open-ended lists",
    message: (w) => `"${w}" leaves the list open: no one can tell when it is done.`,
    suggestion: () => "List every item, or name the rule that decides what belongs.",
  },
  oblique: {
    title: "Slashes",
    message: (w) => `"${w}" leaves open whether one, the other or both are meant.`,
    suggestion: () => "Write \"and\" or \"or\", or split it into two requirements.",
  },
  "superfluous-infinitive": {
    title: "Superfluous infinitives",
    message: (w) => `"${w}" states an ability, not the behaviour.`,
    suggestion: () => "Say what happens: \"shall export\" rather than \"shall be able to export\".",
  },
  absolute: {
    title: "Absolutes",
    message: (w) => `"${w}" promises something no test can prove.`,
    suggestion: () => "Give the bound you can verify, e.g. a rate, a count or the cases it covers.",
  },
  "vague-time": {
    title: "Vague times",
    message: (w) => `"${w}" gives no time anyone can check.`,
    suggestion: () => "Give a duration or a schedule, e.g. \"within 5 min\" or \"every day at 02:00 UTC\".",
  },
  "weak-modal": {
    title: "Weak modals",
    message: (w) => `"${w}" makes the requirement optional.`,
    suggestion: () => "Use \"shall\" for what must happen, or move a wish to Open questions.",
  },
  "passive-no-agent": {
    title: "Passive without an actor",
    message: (w) => `"${w}" does not say who or what does it.`,
    suggestion: () => "Name the actor: \"The system shall generate the report\".",
  },
  "multiple-shall": {
    title: "More than one shall",
    message: () => "One requirement says shall or must more than once: it holds several requirements.",
    suggestion: () => "Split it, one requirement for each shall.",
  },
  ears: {
    title: "Not EARS",
    message: () => "This requirement follows none of the EARS patterns.",
    suggestion: () => "Write it as \"The <system> shall <response>\", with When, While, Where or If … then before it where it applies.",
  },
};
