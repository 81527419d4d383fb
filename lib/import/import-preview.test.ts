import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planImport } from "./import-files";
import { importPreview, previewText } from "./import-preview";
import { planEachFile } from "./plan-each-file";

const fixture = (name: string) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import/markdown", name))) });

describe("the import preview", () => {
  it("names each brief by its source and keeps where every heading went and the checklist rows", async () => {
    const [brief] = importPreview(await planImport([fixture("github-prd.md")])).briefs;
    expect(brief).toMatchObject({ source: "github-prd.md", title: "Saved searches", format: "markdown" });
    expect(brief.headings).toContainEqual({ heading: "Background", depth: 2, line: 36, section: "Background", placement: "kept" });
    expect(brief.checklist).toEqual([
      { text: "Save a search with a name", checked: true },
      { text: "Share a search with a team", checked: false },
      { text: "Remove a shared search", checked: false },
    ]);
    expect(brief.sections.find((section) => section.key === "goal")?.text).toBe(
      "Support agents rebuild the same five filters every day; it costs each of them ten minutes. - Save a search with a name. - Share it with the team.",
    );
  });

  it("a choice moves a heading's section, and the preview says so", async () => {
    const choices = { "github-prd.md": { 36: "goal" } };
    const [brief] = importPreview(await planImport([fixture("github-prd.md")], choices)).briefs;
    expect(brief.headings).toContainEqual({ heading: "Background", depth: 2, line: 36, section: "goal", placement: "section" });
    expect(brief.sections.map((section) => section.key)).not.toContain("Background");
  });

  it("shows at most 200 characters of a section, whatever its shape", () => {
    expect([...previewText("é".repeat(500))]).toHaveLength(200);
    expect(previewText("é".repeat(500)).endsWith("…")).toBe(true);
    expect(previewText([{ id: "FR-1", text: "Save" }, { id: "FR-2", text: "Share", done: true }])).toBe("FR-1 · Save · FR-2 · Share");
    expect(previewText("  short\n\ntext ")).toBe("short text");
  });
});

describe("choices for the text before the first heading", () => {
  it("place it like a heading's section, by the line it starts on", async () => {
    const file = { name: "notes.md", bytes: new TextEncoder().encode("# Notes\n\nWhy we do this.\n\n## Scope\n\nAll of it.\n") };
    const [before] = importPreview(await planImport([file])).briefs;
    expect(before.headings).toContainEqual({ heading: "Introduction", depth: 2, line: 3, section: "Introduction", placement: "kept" });

    const [after] = importPreview(await planImport([file], { "notes.md": { 3: "goal" } })).briefs;
    expect(after.headings).toContainEqual({ heading: "Introduction", depth: 2, line: 3, section: "goal", placement: "section" });
    expect(after.sections).toEqual([
      { key: "goal", text: "Why we do this." },
      { key: "scope", text: "All of it." },
    ]);
  });
});

describe("planning each file on its own", () => {
  it("names every refused file, each issue at the file it concerns", async () => {
    const good = { name: "good.md", bytes: new TextEncoder().encode("# Good\n") };
    const notText = { name: "broken.md", bytes: new Uint8Array([0x23, 0x20, 0xff, 0x0a]) };
    const tooLong = { name: "long.md", bytes: new TextEncoder().encode(`# Long\n\n## Goal\n\n${"x".repeat(4001)}\n`) };
    await expect(planEachFile([good, notText, tooLong], {}, "project")).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      message: "2 files cannot be imported.",
      details: {
        issues: [
          { path: "broken.md", message: expect.stringContaining("is not valid UTF-8 text") },
          { path: "long.md", message: expect.stringMatching(/^Under "Goal" \(line 3, section goal\)/) },
        ],
      },
    });
    expect((await planEachFile([good], {}, "project")).map((brief) => brief.title)).toEqual(["Good"]);
  });
});
