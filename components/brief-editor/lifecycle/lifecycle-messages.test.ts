import { describe, expect, it } from "vitest";
import { approvalMessage, transitionMessage } from "./lifecycle-messages";
import { isEnding, transitionLabel } from "./transition-labels";

describe("the lifecycle panel's words", () => {
  it("names each step of the usual path as an action, and endings as questions", () => {
    expect(transitionLabel("drafting", "in_review")).toBe("Submit for review");
    expect(transitionLabel("in_review", "baselined")).toBe("Baseline");
    expect(transitionLabel("in_development", "checked")).toBe("Mark as checked");
    expect(transitionLabel("checked", "in_development")).toBe("Move to In development");
    expect(transitionLabel("drafting", "closed")).toBe("Close…");
    expect(transitionLabel("baselined", "superseded")).toBe("Supersede…");
    expect(isEnding("closed") && isEnding("superseded") && !isEnding("checked")).toBe(true);
  });

  it("says where a transition led, why it was refused, or that the server could not be reached", () => {
    expect(transitionMessage({ ok: true, data: { state: "in_review" } })).toEqual({ tone: "success", text: "Moved to In review." });
    expect(transitionMessage({ ok: false, error: { code: "BRIEF_VERSION_CONFLICT", message: "x" } })).toEqual({
      tone: "error",
      text: "The brief changed meanwhile. Look at the current version and try again.",
    });
    expect(transitionMessage({ ok: false, error: { code: "BRIEF_STATE_CONFLICT", message: "Needs an approval." } })).toEqual({ tone: "error", text: "Needs an approval." });
    expect(transitionMessage(null)?.text).toMatch(/could not be reached/);
  });

  it("names the version an approval applies to", () => {
    expect(approvalMessage({ ok: true, data: { approval: { versionNum: 4 } } })).toEqual({ tone: "success", text: "You approved version 4." });
    expect(approvalMessage({ ok: false, error: { code: "PROJECT_ACCESS_DENIED", message: "x" } })?.text).toMatch(/do not have permission/);
  });
});
