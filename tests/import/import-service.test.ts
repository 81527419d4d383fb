import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportBrief } from "@/lib/briefs/export-brief";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { importFiles } from "@/lib/import/import-files";
import { readMarkdownBrief } from "@/lib/import/read-markdown-brief";
import { create, newBrief, readyContent, update } from "../support/briefs";
import { projectWithPeople } from "../support/fixtures";

const fixture = (name: string) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import/markdown", name))) });
const textFile = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

describe(`importing Markdown on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("brief_create with markdown: the title from the document, version 1, the checklist attributed to the importer", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const markdown = fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import/markdown/notion-page.md"), "utf8");

    const { result } = await create(alice, { projectId, title: undefined, markdown } as never);

    expect(result.brief).toMatchObject({ title: "Onboarding checklist revamp", state: "drafting", versionNum: 1 });
    const full = await getBriefFull(alice, { briefId: result.brief.id });
    expect(full.brief.content.goal).toBe("New admins should finish setup within a day.");
    expect(full.brief.content.testingQaChecklist).toEqual([
      { text: "Checklist shows for a new admin", checked: true, addedBy: "Alice", checkedBy: "Alice", checkedAt: expect.any(String) },
      { text: "Steps tick in real time", checked: true, addedBy: "Alice", checkedBy: "Alice", checkedAt: expect.any(String) },
      { text: "Checklist hides when complete", checked: false, addedBy: "Alice" },
    ]);
    expect(full.collections.versions.items[0]).toMatchObject({ versionNum: 1, createdBy: "Alice", importedFrom: "Markdown" });
  });

  it("brief_create: a given title wins over the document's; content and markdown together, or no title at all, are refused", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const titled = await create(alice, { projectId, title: "Chosen", markdown: "# From the file\n\n## Goal\n\nG\n" } as never);
    expect(titled.result.brief.title).toBe("Chosen");

    await expect(create(alice, { projectId, markdown: "## Goal\n\nNo title here\n", title: undefined } as never)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "title" }] },
    });
    await expect(create(alice, { projectId, markdown: "# T\n", content: { goal: "g" } } as never)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "content" }, { path: "markdown" }] },
    });
    const listed = await listBriefs(alice, { projectId });
    expect(listed.items.map((brief) => brief.title)).toEqual(["Chosen"]);
  });

  it("what the export writes imports back to the same content, through the database", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const original = await newBrief(alice, projectId, readyContent({ edgeCases: [], Rollout: "Staff first.", flags: { beta: true } }), "Round trip");
    await update(alice, { briefId: original.id, content: { ...readyContent({ edgeCases: [], Rollout: "Staff first.", flags: { beta: true } }), _draft: { goal: "unsaved" } } });
    const { markdown } = await exportBrief(alice, { briefId: original.id });

    const { result } = await create(alice, { projectId, title: undefined, markdown } as never);

    const before = (await getBriefFull(alice, { briefId: original.id })).brief.content;
    const after = (await getBriefFull(alice, { briefId: result.brief.id })).brief.content;
    // The unsaved draft and the mirror are not exported; an import attributes the checklist to its importer.
    const comparable = (content: Record<string, unknown>) => {
      const rest: Record<string, unknown> = { ...content };
      for (const key of ["_draft", "checklist", "testingQaChecklist"]) delete rest[key];
      const rows = content.testingQaChecklist as { text: string; checked: boolean }[];
      return { ...rest, rows: rows.map(({ text, checked }) => ({ text, checked })) };
    };
    expect(comparable(after)).toEqual(comparable(before));
    expect(result.brief.title).toBe("Round trip");
  });

  it("imports several files in one go, reporting where every heading went", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });

    const report = await importFiles(alice, { projectId, files: [fixture("github-prd.md"), fixture("confluence-style.md"), textFile("notes.md", "Just a paragraph.\n")] });

    expect(report.briefs.map((brief) => [brief.title, brief.source, brief.format])).toEqual([
      ["Saved searches", "github-prd.md", "markdown"],
      ["Payment retries", "confluence-style.md", "markdown"],
      ["notes", "notes.md", "markdown"],
    ]);
    expect(report.briefs[0].headings).toContainEqual({ heading: "Background", depth: 2, line: 36, section: "Background", placement: "kept" });
    const listed = await listBriefs(alice, { projectId });
    expect(listed.items).toHaveLength(3);
    const notes = await getBriefFull(alice, { briefId: report.briefs[2].briefId });
    expect(notes.brief.content).toEqual({ Introduction: "Just a paragraph." });
    // Each brief's history names the file it came from.
    expect(notes.collections.versions.items).toEqual([expect.objectContaining({ versionNum: 1, via: "web", importedFrom: "notes.md" })]);
  });

  it("writes nothing when one file of several is refused, or the person may not write", async () => {
    const { projectId, alice, vera } = await projectWithPeople({ alice: "owner", vera: "viewer" });
    const tooLong = textFile("long.md", `# Long\n\n## Goal\n\n${"x".repeat(4001)}\n`);

    await expect(importFiles(alice, { projectId, files: [fixture("github-prd.md"), tooLong] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "long.md", message: expect.stringMatching(/^Under "Goal" \(line 3, section goal\)/) }] },
    });
    await expect(importFiles(vera, { projectId, files: [fixture("github-prd.md")] })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(importFiles(alice, { projectId, files: [{ name: "bad.md", bytes: new Uint8Array([0x23, 0x20, 0xff, 0xfe]) }] })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await listBriefs(alice, { projectId })).items).toHaveLength(0);
  });

  it("keeps HTML and scripts in an imported section as text", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const report = await importFiles(alice, { projectId, files: [textFile("xss.md", "# XSS\n\n## Goal\n\n<script>alert(1)</script>\n")] });
    const full = await getBriefFull(alice, { briefId: report.briefs[0].briefId });
    expect(full.brief.content.goal).toBe("<script>alert(1)</script>");
    expect(readMarkdownBrief((await exportBrief(alice, { briefId: report.briefs[0].briefId })).markdown).content.goal).toBe("<script>alert(1)</script>");
  });
});
