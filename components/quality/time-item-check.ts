import { DEFAULT_RULES, type QualityFinding } from "@/lib/quality/check-item";
import { briefQuality } from "@/lib/quality/quality-report";

/** A requirement as long as real ones get (about 400 characters), with something for most rules to find. */
export const REALISTIC_REQUIREMENT =
  "REQ-12: When a signed-in shopper opens the order history, the system shall load the most recent orders fast and show " +
  "each order's date, total and status, and the page should be able to filter by status/date if possible, with several " +
  "other filters etc.; the list shall always be sorted newest first, the export is generated nightly, and the details are TBD " +
  "until the data team confirms the retention period for cancelled orders.";

/**
 * What one item costs when its text changed: the whole check on it (every rule, EARS required)
 * with nothing remembered, `runs` times. The mean is in milliseconds.
 */
export function timeItemCheck(runs: number, text = REALISTIC_REQUIREMENT): { meanMs: number; maxMs: number; findings: QualityFinding[] } {
  const rules = { ...DEFAULT_RULES, earsRequired: true };
  let findings: QualityFinding[] = [];
  let total = 0;
  let maxMs = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    findings = briefQuality({ requirements: [text] }, rules).findings;
    const took = performance.now() - started;
    total += took;
    maxMs = Math.max(maxMs, took);
  }
  return { meanMs: total / runs, maxMs, findings };
}
