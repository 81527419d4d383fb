import { describe, expect, it } from "vitest";
import type { BriefContent } from "@/lib/briefs/schema";
import { describePath, summaryIssues, visibleErrors } from "./field-errors";
import { refreshAfter, saveOutcome } from "./save-outcome";

const brief = { versionNum: 4, title: "T", content: {} as BriefContent, createdNewVersion: true, staledApprovals: 0 };

describe("what a save's answer means for the form", () => {
  it("names the new version, or says a no-op save saved", () => {
    expect(saveOutcome({ ok: true, data: brief })).toMatchObject({ kind: "saved", text: "Saved as version 4." });
    expect(saveOutcome({ ok: true, data: { ...brief, createdNewVersion: false } })).toMatchObject({ kind: "saved", text: "Saved." });
  });

  it("refreshes the page data after a write, a conflict or a state change, not after a refusal of fields or a lost answer", () => {
    expect(refreshAfter(saveOutcome({ ok: true, data: brief }))).toBe(true);
    expect(refreshAfter(saveOutcome({ ok: false, error: { code: "BRIEF_VERSION_CONFLICT", message: "x", details: { currentVersionNum: 5 } } }))).toBe(true);
    expect(refreshAfter(saveOutcome({ ok: false, error: { code: "BRIEF_STATE_CONFLICT", message: "Closed." } }))).toBe(true);
    expect(refreshAfter(saveOutcome({ ok: false, error: { code: "VALIDATION_ERROR", message: "x", details: { issues: [] } } }))).toBe(false);
    expect(refreshAfter(saveOutcome({ ok: false, error: { code: "PROJECT_ACCESS_DENIED", message: "x" } }))).toBe(false);
    expect(refreshAfter(saveOutcome(null))).toBe(false);
  });
});

describe("errors at the fields", () => {
  const client = [{ path: "content.goal", message: "Too long." }];
  const server = [{ path: "title", message: "Taken." }];

  it("shows the browser's findings once a field was left or a save was tried, and the server's always", () => {
    expect(visibleErrors(client, server, false, new Set())).toEqual({ title: "Taken." });
    expect(visibleErrors(client, [], false, new Set(["f-content-goal"]))).toEqual({ "content.goal": "Too long." });
    expect(visibleErrors(client, server, true, new Set())).toEqual({ "content.goal": "Too long.", title: "Taken." });
    expect(summaryIssues(client, server, true)).toEqual([...server, ...client]);
    expect(summaryIssues(client, server, false)).toEqual([]);
  });

  it("names a path in words for the summary", () => {
    expect(describePath("title")).toBe("Title");
    expect(describePath("content.acceptanceCriteria[0].text")).toBe("Acceptance criteria, item 1, text");
    expect(describePath("content")).toBe("Content");
  });
});
