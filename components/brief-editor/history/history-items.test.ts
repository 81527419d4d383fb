import { describe, expect, it } from "vitest";
import { collectionKeys } from "@/lib/briefs/schema";
import { collectionTabOrder } from "./collection-labels";
import { historyEntry } from "./history-items";

describe("history items as the panels show them", () => {
  it("has one tab per collection, each once", () => {
    expect([...collectionTabOrder].sort()).toEqual([...collectionKeys].sort());
  });

  it("reads a version, with its baseline mark and hash", () => {
    const entry = historyEntry("versions", { id: "v1", createdAt: "2026-01-01T00:00:00.000Z", versionNum: 3, hash: "sha256:abc", createdBy: "Ann", via: "mcp", baseline: true });
    expect(entry).toEqual({
      kind: "version",
      view: { id: "v1", createdAt: "2026-01-01T00:00:00.000Z", versionNum: "3", hash: "sha256:abc", createdBy: "Ann", via: "mcp", baseline: true, restoredFrom: "", changedSections: [], proposalId: "", proposedBy: "", importedFrom: "" },
    });
  });

  it("reads whose proposal a version accepted, and a proposal with its status", () => {
    const version = historyEntry("versions", { id: "v", createdAt: "t", versionNum: 4, createdBy: "Pam", via: "web", proposalId: "p1", proposedBy: "ann@example.test via Bot" });
    expect(version).toMatchObject({ view: { createdBy: "Pam", proposalId: "p1", proposedBy: "ann@example.test via Bot" } });
    const open = historyEntry("proposals", { id: "p1", createdAt: "t", status: "open", author: "Rita", summary: "Tighten", mergeable: false });
    expect(open).toEqual({ kind: "proposal", view: { id: "p1", createdAt: "t", status: "open", author: "Rita", summary: "Tighten", legacy: false, mergeable: false, decidedBy: "" } });
    // A free-form item from before proposals had a shape shows its own keys.
    expect(historyEntry("proposals", { id: "p0", createdAt: "t", status: "open", legacy: true, note: "old" })).toMatchObject({ kind: "generic" });
  });

  it("reads which sections a version changed and which version it restored", () => {
    const entry = historyEntry("versions", { id: "v", createdAt: "t", versionNum: 8, restoredFrom: 3, changedSections: ["goal", 7, "scope"] });
    expect(entry).toMatchObject({ view: { restoredFrom: "3", changedSections: ["goal", "scope"] } });
  });

  it("reads an approval, stale or live", () => {
    const stale = historyEntry("approvals", { id: "a", createdAt: "t", versionNum: 2, approvedBy: "Ann", stale: true, staledAtVersionNum: 4 });
    expect(stale).toMatchObject({ kind: "approval", view: { approvedBy: "Ann", versionNum: "2", stale: true, staledAtVersionNum: "4" } });
    const live = historyEntry("approvals", { id: "b", createdAt: "t", versionNum: 2, approvedBy: "Bo", stale: false, staledAtVersionNum: null });
    expect(live).toMatchObject({ view: { stale: false, staledAtVersionNum: "" } });
  });

  it("names a comment's author, or whoever created it when an agent did not say", () => {
    expect(historyEntry("comments", { id: "c", createdAt: "t", body: "Hi", author: "Ann", createdBy: "bot" })).toMatchObject({ view: { body: "Hi", author: "Ann" } });
    expect(historyEntry("comments", { id: "c", createdAt: "t", body: "Hi", createdBy: "bot" })).toMatchObject({ view: { author: "bot" } });
  });

  it("shows odd values of free-form items as empty text, never as 'undefined' or '[object Object]'", () => {
    const entry = historyEntry("comments", { id: "c", createdAt: "t", body: { nested: true } });
    expect(entry).toMatchObject({ view: { body: "", author: "" } });
  });

  it("reads a review session, open or closed", () => {
    const open = historyEntry("reviewSessions", { id: "r", createdAt: "t", status: "open", openedAtVersionNum: 1, openedBy: "Ann" });
    expect(open).toMatchObject({ kind: "reviewSession", view: { open: true, closed: null, openedBy: "Ann", openedAtVersionNum: "1" } });
    const closed = historyEntry("reviewSessions", { id: "r", createdAt: "t", status: "closed", outcome: "baselined", closedAt: "u", closedBy: "Bo", closedAtVersionNum: 2 });
    expect(closed).toMatchObject({ view: { open: false, outcome: "baselined", closed: { at: "u", by: "Bo", versionNum: "2" } } });
  });

  it("lists decisions added and removed by their text, or as JSON when they have none", () => {
    const entry = historyEntry("decisionHistory", { id: "d", createdAt: "t", versionNum: 5, changedBy: "Ann", via: "web", added: [{ text: "Use cards" }, { source: "x" }], removed: "not a list" });
    expect(entry).toMatchObject({ kind: "decisionChange", view: { versionNum: "5", added: ["Use cards", '{"source":"x"}'], removed: [] } });
  });

  it("shows other collections' items field by field, without the server's own fields", () => {
    const entry = historyEntry("findings", { id: "f", createdAt: "t", createdBy: "agent", title: "Gap", severity: { level: 2 } });
    expect(entry).toEqual({ kind: "generic", view: { id: "f", createdAt: "t", createdBy: "agent", fields: [["title", "Gap"], ["severity", '{"level":2}']] } });
  });
});
