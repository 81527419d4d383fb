import { describe, expect, it } from "vitest";
import { OFFLINE } from "../action-messages";
import { restoreOutcome } from "./restore-outcome";

describe("what a restore's answer means", () => {
  it("names the new version, or says nothing had to change", () => {
    expect(restoreOutcome({ ok: true, data: { versionNum: 9, createdNewVersion: true } }, 8)).toEqual({ kind: "restored", versionNum: 9 });
    expect(restoreOutcome({ ok: true, data: { versionNum: 8, createdNewVersion: false } }, 8)).toEqual({ kind: "unchanged", versionNum: 8 });
  });

  it("turns a version conflict into the versions the person saw and the brief is at", () => {
    const conflict = { ok: false as const, error: { code: "BRIEF_VERSION_CONFLICT" as const, message: "m", details: { currentVersionNum: 10 } } };
    expect(restoreOutcome(conflict, 8)).toEqual({ kind: "conflict", seen: 8, current: 10 });
  });

  it("explains other refusals and a lost answer", () => {
    expect(restoreOutcome(null, 8)).toEqual({ kind: "refused", message: OFFLINE });
    const closed = restoreOutcome({ ok: false, error: { code: "BRIEF_STATE_CONFLICT", message: "m" } }, 8);
    expect(closed).toMatchObject({ kind: "refused", message: expect.stringContaining("can no longer change") });
    const invalid = restoreOutcome({ ok: false, error: { code: "VALIDATION_ERROR", message: "m", details: { issues: [{ path: "content.goal", message: "Too long." }] } } }, 8);
    expect(invalid).toEqual({ kind: "refused", message: "This version cannot be restored as it is: content.goal: Too long." });
  });
});
