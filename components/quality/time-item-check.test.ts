import { describe, expect, it } from "vitest";
import { REALISTIC_REQUIREMENT, timeItemCheck } from "./time-item-check";

// The figure is for the reader (and bench/quality-item.ts prints it); a test on a shared machine does not assert times.
describe("timeItemCheck", () => {
  it("checks one realistic item 2,000 times, finding the same each time, and reports the mean", () => {
    expect(REALISTIC_REQUIREMENT.length).toBeGreaterThan(350);
    const once = timeItemCheck(1).findings;
    const { meanMs, maxMs, findings } = timeItemCheck(2_000);
    expect(findings).toEqual(once);
    expect(new Set(findings.map((f) => f.ruleId)).size).toBeGreaterThanOrEqual(6);
    expect(meanMs).toBeGreaterThan(0);
    console.info(`one item's check: mean ${meanMs.toFixed(3)} ms, max ${maxMs.toFixed(3)} ms over 2,000 runs`);
  });
});
