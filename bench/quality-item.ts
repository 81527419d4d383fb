/**
 * What the editor's quality check costs for one changed item: the whole check (every rule, EARS
 * required, nothing remembered) on a realistic requirement of about 400 characters, 2,000 times
 * after a warm-up. The editor checks only the items whose text changed, so this is the cost of a keystroke.
 *
 *   npx tsx bench/quality-item.ts [--runs 2000]
 *
 * Budget: at most 2 ms per item (in the browser; Node's V8 is the same engine). Not part of `npm test`;
 * the exit code is 1 when the mean is over budget.
 */
import { parseArgs } from "node:util";
import { RULE_TEXTS } from "../lib/quality/rule-texts";
import { REALISTIC_REQUIREMENT, timeItemCheck } from "../components/quality/time-item-check";

const BUDGET_MS = 2;
const { values } = parseArgs({ strict: true, options: { runs: { type: "string", default: "2000" } } });
const runs = Number(values.runs);

timeItemCheck(200); // warm-up: the first runs compile the patterns and the code
const { meanMs, maxMs, findings } = timeItemCheck(runs);
console.log(`item: ${REALISTIC_REQUIREMENT.length} characters, ${findings.length} findings (${[...new Set(findings.map((f) => RULE_TEXTS[f.ruleId].title))].join(", ")})`);
console.log(`one item's check: mean ${meanMs.toFixed(3)} ms, max ${maxMs.toFixed(3)} ms over ${runs} runs (budget ${BUDGET_MS} ms)`);
process.exitCode = meanMs <= BUDGET_MS ? 0 : 1;
