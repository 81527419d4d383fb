/** Word documents and ZIPs of pages through the import service, on the database. */
import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { readEvidenceFile } from "@/lib/evidence/read-evidence-file";
import { importFiles } from "@/lib/import/import-files";
import { projectWithPeople } from "../support/fixtures";

const fixture = (name: string) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import", name))) });
const text = (value: string) => new TextEncoder().encode(value);

describe(`importing Word documents and ZIPs of pages on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("reads a .docx as Word writes it: title, sections, a table, links, emphasis and ticked checkboxes", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });

    const report = await importFiles(alice, { projectId, files: [fixture("word-style.docx")] });

    expect(report.briefs).toHaveLength(1);
    expect(report.briefs[0]).toMatchObject({ title: "Checkout redesign", source: "word-style.docx", format: "docx" });
    const { content } = (await getBriefFull(alice, { briefId: report.briefs[0].briefId })).brief;
    expect(content.goal).toContain("Customers abandon **carts** at the *payment* step");
    expect(content.goal).toContain("[analytics dashboard](https://analytics.example.com/checkout");
    // "Goals" under "Problem" names the same section: its list joins the problem's text.
    expect(content.goal).toContain("- Fewer steps\n  - One page for address and payment");
    expect(report.briefs[0].headings.find((heading) => heading.heading === "Rollout")).toMatchObject({ section: "Rollout", placement: "kept" });
    expect(content.requirements?.[0]).toContain("| R1 | Pay with a saved card");
    expect((content.acceptanceCriteria ?? []).map((criterion) => criterion.text)).toEqual(["Card errors are shown next to the field", "Address autocomplete works offline", "### Later", "Gift cards"]);
  });

  it("reads a .docx as Google Docs exports it, its checklist ticked as it was", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const report = await importFiles(alice, { projectId, files: [fixture("google-docs-style.docx")] });
    const brief = report.briefs[0];
    expect(brief.format).toBe("docx");
    const { content } = (await getBriefFull(alice, { briefId: brief.briefId })).brief;
    // "## Checklist" under "# Summary" names the QA checklist, so it starts that section.
    expect((content.testingQaChecklist ?? []).map(({ text, checked }) => [text, checked])).toEqual([
      ["Welcome email is sent", false],
      ["Sign-up form validates email", true],
      ["Empty states explain the next step", false],
    ]);
    expect(String(content.Owners)).toContain("| Sign-up   | Priya |");
  });

  it("makes one brief per page of a Notion export, links between pages becoming links between the new briefs", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });

    const report = await importFiles(alice, { projectId, files: [fixture("notion-export.zip")] });

    const byTitle = Object.fromEntries(report.briefs.map((brief) => [brief.title, brief]));
    expect(Object.keys(byTitle).sort()).toEqual(["Launch plan", "Product", "Roadmap"]);
    const product = (await getBriefFull(alice, { briefId: byTitle.Product.briefId })).brief.content;
    expect(String(product.Introduction)).toContain(`[Roadmap](/projects/${projectId}/briefs/${byTitle.Roadmap.briefId})`);
    expect(String(product.Introduction)).toContain(`[Launch plan](/projects/${projectId}/briefs/${byTitle["Launch plan"].briefId})`);
    const roadmap = (await getBriefFull(alice, { briefId: byTitle.Roadmap.briefId })).brief.content;
    expect(String(roadmap.goal)).toContain(`[product home](/projects/${projectId}/briefs/${byTitle.Product.briefId})`);
    expect(byTitle.Roadmap.source).toBe("notion-export.zip/Product 7a9c3e1f0b2d4c6e8f1a3b5c7d9e0f21/Roadmap 1b3d5f7a9c0e2a4c6e8b0d2f4a6c8e01.md");
  });

  it("keeps a page's image with its brief, served to the project's readers and no one else", async () => {
    const { projectId, alice, vera, mallory } = await projectWithPeople({ alice: "owner", vera: "viewer", mallory: "outsider" });

    const report = await importFiles(alice, { projectId, files: [fixture("notion-export.zip")] });
    const roadmap = report.briefs.find((brief) => brief.title === "Roadmap")!;
    const goal = String((await getBriefFull(alice, { briefId: roadmap.briefId })).brief.content.goal);
    const fileId = /!\[Checkout flow\]\(\/api\/mcp\/files\/([0-9a-f-]{36})\)/.exec(goal)?.[1];
    expect(fileId).toBeDefined();

    const file = await readEvidenceFile(vera, fileId!);
    expect(file).toMatchObject({ name: "checkout-flow.png", mediaType: "image/png" });
    expect(Array.from(file.bytes.subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    await expect(readEvidenceFile(mallory, fileId!)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });

  it("creates every brief of a ZIP or none: one page over its limits refuses them all", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const zip = zipSync({ "One.md": text("# One\n\n## Goal\n\nFine.\n"), "Two.md": text(`# Two\n\n## Goal\n\n${"x".repeat(4001)}\n`) });

    await expect(importFiles(alice, { projectId, files: [{ name: "pages.zip", bytes: zip }] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "pages.zip/Two.md", message: expect.stringContaining('Under "Goal"') }] },
    });
    await expect(importFiles(alice, { projectId, files: [{ name: "pages.zip", bytes: zipSync({ "ok.md": text("# ok"), "../evil.md": text("# evil") }) }] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    expect((await listBriefs(alice, { projectId })).items).toEqual([]);
  });
});
