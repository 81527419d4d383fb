import { describe, expect, it } from "vitest";
import { exportBrief } from "@/lib/briefs/export-brief";
import { showBrief } from "@/lib/briefs/show-brief";
import { newUser, viaToken, projectWithPeople } from "../support/fixtures";
import { briefInState, invoiceExportBrief, newBrief, readyContent } from "../support/briefs";

describe(`showing a brief in the chat view on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("lays out the sections with content, the checklist with who ticked it, and the Markdown export", async () => {
    const alice = await newUser("Alice");
    const brief = await invoiceExportBrief(alice, { decisions: [{ text: "CSV first", source: "call", stated: true }] });

    const { view, markdown } = await showBrief(alice, { briefId: brief.id });

    expect(markdown).toBe((await exportBrief(alice, { briefId: brief.id })).markdown);
    expect(view).toMatchObject({
      briefId: brief.id,
      projectName: "Billing",
      title: "Invoice export",
      state: "drafting",
      versionNum: 2,
      yourRole: "owner",
      canTick: true,
      readOnlyReason: null,
    });
    expect(view.hash).toMatch(/^sha256:/);
    // The checklist is shown on its own; empty sections and unknown keys are not sections.
    expect(view.sections.map((section) => section.heading)).toEqual(["Goal", "Scope", "Requirements", "Acceptance criteria", "Required evidence", "Decisions"]);
    // Each section reads as the export writes it under its heading.
    expect(view.sections[1]).toEqual({ key: "scope", heading: "Scope", markdown: "Invoices of **paid** plans." });
    expect(view.sections[3]).toEqual({ key: "acceptanceCriteria", heading: "Acceptance criteria", markdown: "- **AC-1** A CSV file downloads" });
    for (const section of view.sections) expect(markdown).toContain(`## ${section.heading}\n\n${section.markdown}\n`);
    expect(view.sections[4].markdown).toContain("Manual evidence: Visual (docs/ev.png)");
    expect(view.sections[5].markdown).toBe("- CSV first (source: call; stated)");
    expect(view.checklist).toMatchObject([
      { index: 0, text: "CSV opens in a spreadsheet", checked: false, checkedBy: null, checkedAt: null },
      { index: 1, text: "PDF renders", checked: true, checkedBy: "Alice" },
    ]);
    expect(view.checklist[1].checkedAt).toMatch(/Z$/);
  });

  it("offers ticking only where brief_checklist_update would accept it", async () => {
    const { projectId, alice, vera } = await projectWithPeople({ alice: "owner", vera: "viewer" });
    const open = await newBrief(alice, projectId, readyContent());
    const closed = await briefInState(alice, projectId, "closed");

    expect((await showBrief(viaToken(alice, ["brief:read"]), { briefId: open.id })).view).toMatchObject({
      canTick: false,
      readOnlyReason: "This connection may only read briefs.",
    });
    expect((await showBrief(vera, { briefId: open.id })).view).toMatchObject({
      yourRole: "viewer",
      canTick: false,
      readOnlyReason: "You are a viewer of this project; editors and owners tick the checklist.",
    });
    expect((await showBrief(alice, { briefId: closed.id })).view).toMatchObject({ canTick: false, readOnlyReason: "The brief is closed; its checklist no longer changes." });
  });

  it("gives strangers, tokens without read scope and bad arguments the usual refusals", async () => {
    const { projectId, alice, mallory } = await projectWithPeople({ alice: "owner", mallory: "outsider" });
    const brief = await newBrief(alice, projectId, { goal: "Secret plan" });

    await expect(showBrief(mallory, { briefId: brief.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(showBrief(viaToken(alice, ["brief:write"]), { briefId: brief.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(showBrief(alice, { briefId: brief.id, extra: 1 } as never)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
