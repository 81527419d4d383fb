import type { RuleId } from "./rule-ids";

type RuleText = { title: string; message: (w: string) => string; suggestion: (w: string) => string };

/** A rule whose message quotes the words it found (`w`) before saying what is wrong with them. */
const quoting = (title: string, problem: string, suggestion: string): RuleText => ({ title, message: (w) => `"${w}" ${problem}`, suggestion: () => suggestion });

/** A rule about the requirement as a whole, which quotes nothing. */
const plain = (title: string, message: string, suggestion: string): RuleText => ({ title, message: () => message, suggestion: () => suggestion });

/** Each rule's one-line explanation and a way to fix it; `w` is the words found. */
export const RULE_TEXTS: Record<RuleId, RuleText> = {
  placeholder: quoting("Placeholders", "marks something not decided yet.", "Decide it and write the value, or move the question to Open questions."),
  "vague-term": quoting("Vague terms", "has no measure: readers will each assume their own.", "Replace it with a number and a unit or a test, e.g. \"within 2 s at p95\" or \"in at most 3 clicks\"."),
  "escape-clause": quoting("Escape clauses", "lets the requirement be skipped without saying when.", "State the condition under which it applies, or drop the clause."),
  "open-ended": quoting("Open-ended lists", "leaves the list open: no one can tell when it is done.", "List every item, or name the rule that decides what belongs."),
  oblique: quoting("Slashes", "leaves open whether one, the other or both are meant.", "Write \"and\" or \"or\", or split it into two requirements."),
  "superfluous-infinitive": quoting("Superfluous infinitives", "states an ability, not the behaviour.", "Say what happens: \"shall export\" rather than \"shall be able to export\"."),
  absolute: quoting("Absolutes", "promises something no test can prove.", "Give the bound you can verify, e.g. a rate, a count or the cases it covers."),
  "vague-time": quoting("Vague times", "gives no time anyone can check.", "Give a duration or a schedule, e.g. \"within 5 min\" or \"every day at 02:00 UTC\"."),
  "weak-modal": quoting("Weak modals", "makes the requirement optional.", "Use \"shall\" for what must happen, or move a wish to Open questions."),
  "passive-no-agent": quoting("Passive without an actor", "does not say who or what does it.", "Name the actor: \"The system shall generate the report\"."),
  "multiple-shall": plain("More than one shall", "One requirement says shall or must more than once: it holds several requirements.", "Split it, one requirement for each shall."),
  ears: plain("Not EARS", "This requirement follows none of the EARS patterns.", "Write it as \"The <system> shall <response>\", with When, While, Where or If … then before it where it applies."),
};
