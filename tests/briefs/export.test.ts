import { describe, expect, it } from "vitest";
import { exportBrief } from "@/lib/briefs/export-brief";
import { newProject, newUser, viaToken, projectWithPeople } from "../support/fixtures";
import { invoiceExportBrief, newBrief, update } from "../support/briefs";

describe(`exporting a brief as Markdown on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("writes the title, the metadata and every section the content has, empty ones too, in the contract's order", async () => {
    const alice = await newUser("Alice");
    const brief = await invoiceExportBrief(alice, {
      scope: "Invoices of **paid** plans.\n\n| Format | Size |\n|---|---|\n| CSV | small |",
      _draft: { hidden: true },
    });

    const exported = await exportBrief(alice, { briefId: brief.id });

    expect(exported).toMatchObject({ briefId: brief.id, versionNum: 2, fileName: "invoice-export-v2.md" });
    const md = exported.markdown;
    expect(md.startsWith("# Invoice export\n\n- **Project:** Billing\n- **State:** Drafting\n- **Version:** 2\n- **Content hash:** `sha256:")).toBe(true);
    const headings = [...md.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(["Goal", "Scope", "Requirements", "Edge cases", "Acceptance criteria", "QA checklist", "Required evidence", "customerNotes"]);
    expect(md).toContain("| CSV | small |");
    expect(md).toContain("- Export as CSV\n- Export as PDF\n\n## Edge cases\n\n## Acceptance criteria");
    expect(md).toContain("- **AC-1** A CSV file downloads");
    expect(md).toContain("- [ ] CSV opens in a spreadsheet\n- [x] PDF renders — checked by Alice at ");
    expect(md).toContain("Manual evidence: Visual (docs/ev.png)");
    expect(md).toContain('"priority": "high"');
    expect(md).not.toContain("hidden");
  });

  it("exports an earlier version as it was, and refuses a version the brief never had", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { goal: "First goal" }, "Goals");
    await update(alice, { briefId: brief.id, content: { goal: "Second goal" } });

    const first = await exportBrief(alice, { briefId: brief.id, versionNum: 1 });
    expect(first.versionNum).toBe(1);
    expect(first.markdown).toContain("First goal");
    // A version keeps no state of its own: the brief's present state is named as such.
    expect(first.markdown).toContain("- **Version:** 1 (an earlier version; the brief is now at version 2, Drafting)");
    expect(first.markdown).not.toContain("- **State:**");
    expect((await exportBrief(alice, { briefId: brief.id })).markdown).toContain("Second goal");
    await expect(exportBrief(alice, { briefId: brief.id, versionNum: 9 })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("keeps multi-line list rows inside their item", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const brief = await newBrief(alice, projectId, { requirements: ["Line one\nline two", "Next"] });
    expect((await exportBrief(alice, { briefId: brief.id })).markdown).toContain("- Line one\n  line two\n- Next");
  });

  it("gives strangers and tokens without read scope the same refusal and no content", async () => {
    const { projectId, alice, mallory, viewer } = await projectWithPeople({ alice: "owner", mallory: "outsider", viewer: { role: "viewer", name: "Vera" } });
    const brief = await newBrief(alice, projectId, { goal: "Secret plan" });

    await expect(exportBrief(mallory, { briefId: brief.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(exportBrief(viaToken(alice, ["brief:write"]), { briefId: brief.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect((await exportBrief(viewer, { briefId: brief.id })).markdown).toContain("Secret plan");
  });

  it("refuses a brief asked for under another project (the web URL's) like a missing one", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" }, "Home");
    const elsewhere = await newProject(alice, "Elsewhere");
    const brief = await newBrief(alice, projectId, { goal: "Here" });

    expect((await exportBrief(alice, { briefId: brief.id }, { inProject: projectId })).markdown).toContain("Here");
    await expect(exportBrief(alice, { briefId: brief.id }, { inProject: elsewhere })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });
});
