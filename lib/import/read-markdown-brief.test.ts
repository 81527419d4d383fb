/** How documents written in other tools' styles map onto a brief (docs/import.md). */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { briefFromMarkdown } from "./brief-from-markdown";
import { readMarkdownBrief } from "./read-markdown-brief";
import { sectionForHeading } from "./section-headings";

const fixture = (name: string) => fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import/markdown", name), "utf8");
const placementOf = (brief: ReturnType<typeof readMarkdownBrief>, heading: string) => brief.headings.find((entry) => entry.heading === heading);

describe("a PRD kept in a repository (front matter, ## sections)", () => {
  const brief = briefFromMarkdown(fixture("github-prd.md"), "markdown");

  it("takes the title from front matter and keeps the other front matter fields", () => {
    expect(brief.title).toBe("Saved searches");
    expect(brief.content["Front matter"]).toEqual({ owner: "Dana Levi", status: "Draft", created: "2026-10-02" });
  });

  it("maps headings by name and synonym, joining two that name the same section", () => {
    expect(brief.content.goal).toBe("Support agents rebuild the same five filters every day; it costs each of them ten minutes.\n\n- Save a search with a name.\n- Share it with the team.");
    expect(brief.content.outOfScope).toBe("Alerts on saved searches.");
    expect(placementOf(brief, "Problem statement")).toMatchObject({ section: "goal", placement: "section", line: 10 });
    expect(placementOf(brief, "Goals")).toMatchObject({ section: "goal", placement: "section" });
    expect(placementOf(brief, "Success criteria")).toMatchObject({ section: "acceptanceCriteria" });
  });

  it("knows every synonym of the sections' headings, in any case and punctuation", () => {
    const synonyms: Record<string, string[]> = {
      goal: ["Goal", "Goals", "Objective", "Objectives", "Problem", "Problem statement", "PROBLEM STATEMENT:"],
      outOfScope: ["Out of scope", "Out-of-scope", "Non-goals", "Non goals"],
      requirements: ["Requirements", "Functional requirements"],
      acceptanceCriteria: ["Acceptance criteria", "Success criteria", "Acceptance Criteria."],
      testingQaChecklist: ["QA checklist", "QA", "Test checklist", "qa"],
      openQuestions: ["Open questions", "Questions", "Open Questions?"],
    };
    for (const [section, headings] of Object.entries(synonyms)) {
      for (const heading of headings) expect(sectionForHeading(heading), heading).toBe(section);
    }
    const qa = briefFromMarkdown("# Release\n\n## QA\n\n- [x] Smoke test passes\n- [ ] Rollback rehearsed\n", "markdown");
    expect(qa.content.testingQaChecklist?.map((row) => ({ text: row.text, checked: row.checked }))).toEqual([
      { text: "Smoke test passes", checked: true },
      { text: "Rollback rehearsed", checked: false },
    ]);
  });

  it("keeps requirement ids in the text and nested lists inside their row", () => {
    expect(brief.content.requirements).toEqual([
      "FR-1: A user can save the current filters under a name.",
      "FR-2: Saved searches appear in the sidebar, newest first.",
      "FR-3: An owner can share a saved search with their team.\n- Shared searches are read-only for others.",
    ]);
  });

  it("keeps criteria ids and numbers the criteria that have none", () => {
    expect(brief.content.acceptanceCriteria).toEqual([
      { id: "AC-1", text: "A saved search re-opens with the same filters." },
      { id: "AC-2", text: "Sharing takes one click from the sidebar." },
      { id: "AC-3", text: "Searches load in under 300 ms." },
    ]);
  });

  it("keeps a heading that names no section, with its table and code fence, under its own name", () => {
    expect(placementOf(brief, "Background")).toMatchObject({ section: "Background", placement: "kept" });
    expect(brief.content.Background).toContain("| Filters rebuilt per day | 5 | 0 |");
    expect(brief.content.Background).toContain("```bash\n# count saved filters\n");
    expect(brief.content.Background).toContain("[the research notes](https://wiki.example.com/research)");
  });

  it("keeps text before the first heading", () => {
    expect(brief.content.Introduction).toBe("Teams re-type the same filters every morning. This PRD proposes saving them.");
  });

  it("turns the QA task list into checklist rows with their state", () => {
    expect(brief.checklist).toEqual([
      { text: "Save a search with a name", checked: true },
      { text: "Share a search with a team", checked: false },
      { text: "Remove a shared search", checked: false },
    ]);
    expect(brief.content.testingQaChecklist).toEqual(brief.checklist);
  });

  it("reads tickets under their headings, with or without a description", () => {
    expect(brief.content.generatedTickets).toEqual([
      { id: "T-1", title: "Sidebar section for saved searches", description: "Lists the user's and the team's searches.", boundCriteria: [], boundRequirements: [] },
      { id: "T-2", title: "Share dialog", description: null, boundCriteria: [], boundRequirements: [] },
    ]);
  });
});

describe("a Notion page (# for every heading, task lists for criteria)", () => {
  const brief = briefFromMarkdown(fixture("notion-page.md"), "markdown");

  it("takes the first # heading as the title and the other # headings as sections", () => {
    expect(brief.title).toBe("Onboarding checklist revamp");
    expect(brief.content.goal).toBe("New admins should finish setup within a day.");
    expect(brief.content.scope).toBe("Invite flow, first project, sample data.");
    expect(brief.content.outOfScope).toBe("SSO configuration.");
    expect(brief.content.requirements).toHaveLength(3);
    expect(brief.content.openQuestions).toEqual(["Should members see it too?"]);
  });

  it("reads bold ids on task-list criteria", () => {
    expect(brief.content.acceptanceCriteria).toEqual([
      { id: "AC-1", text: "The checklist appears on first sign-in" },
      { id: "AC-2", text: "Completing a step ticks it without a reload" },
    ]);
  });

  it("keeps the page's property line and its timeline", () => {
    expect(brief.content.Introduction).toBe("**Owner:** Sam · **Status:** In progress");
    expect(brief.content.Timeline).toContain("| Beta | March |");
    expect(brief.checklist.map((row) => row.checked)).toEqual([true, true, false]);
  });
});

describe("a Confluence-style page (setext headings, * lists, facts in brackets)", () => {
  const brief = briefFromMarkdown(fixture("confluence-style.md"), "markdown");

  it("maps underlined headings", () => {
    expect(brief.title).toBe("Payment retries");
    expect(brief.content.goal).toBe("Recover at least 30% of failed renewals automatically.");
    expect(brief.content.architectureAssumptions).toBe("The payment provider returns a decline code we can classify.");
    expect(placementOf(brief, "Risks & mitigations")).toMatchObject({ section: "Risks & mitigations", placement: "kept" });
  });

  it("reads decisions and links with their facts", () => {
    expect(brief.content.decisions).toEqual([
      { text: "Retry three times over seven days", source: "finance review", stated: true },
      { text: "Use the provider's smart retry", stated: false },
    ]);
    expect(brief.content.sourceArtifactLinks).toEqual([{ label: "Provider retry guide", kind: "doc", read: true }, { label: "Finance dashboard" }]);
  });
});

describe("choices and refusals", () => {
  it("moves a heading to the section chosen in the preview", () => {
    const text = "# T\n\n## Background\n\nWhy we do it.\n\n## Risks\n\n- One\n- Two\n";
    const chosen = readMarkdownBrief(text, { sections: { 3: "goal", 7: "edgeCases" } });
    expect(chosen.content).toEqual({ goal: "Why we do it.", edgeCases: ["One", "Two"] });
    expect(chosen.headings.map((entry) => entry.section)).toEqual(["title", "goal", "edgeCases"]);
    // The editor's draft and the checklist mirror are no place for imported text: kept under the heading.
    expect(readMarkdownBrief(text, { sections: { 3: "_draft", 7: "checklist" } }).content).toEqual({ Background: "Why we do it.", Risks: "- One\n- Two" });
  });

  it("keeps deeper headings inside their section and says so", () => {
    const brief = readMarkdownBrief("# T\n\n## Goal\n\nText\n\n### Detail\n\nMore\n");
    expect(brief.content.goal).toBe("Text\n\n### Detail\n\nMore");
    expect(brief.headings.at(-1)).toEqual({ heading: "Detail", depth: 3, line: 7, section: "goal", placement: "inside" });
  });

  it("keeps HTML and scripts as text", () => {
    const brief = readMarkdownBrief("# T\n\n## Goal\n\n<script>alert('x')</script>\n\n<img src=x onerror=alert(1)>\n");
    expect(brief.content.goal).toBe("<script>alert('x')</script>\n\n<img src=x onerror=alert(1)>");
  });

  it("refuses a section over its limit, naming the heading and its line", () => {
    const text = `# T\n\n## Problem\n\n${"word ".repeat(900)}\n`;
    expect(() => briefFromMarkdown(text, "markdown")).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
    try {
      briefFromMarkdown(text, "markdown");
    } catch (error) {
      expect((error as { details: { issues: { message: string }[] } }).details.issues[0].message).toMatch(/^Under "Problem" \(line 3, section goal\): Too long: at most 4000 characters/);
    }
  });

  it("refuses a document over the content size limit", () => {
    const rows = Array.from({ length: 50 }, (_, n) => `- ${String(n).padEnd(990, "x")}`).join("\n");
    const text = ["# T", ...["Requirements", "Edge cases", "Open questions", "States", "Unit tests", "Integration tests"].map((h) => `## ${h}\n\n${rows}`)].join("\n\n");
    expect(() => briefFromMarkdown(text, "markdown")).toThrow(expect.objectContaining({ code: "CONTENT_TOO_LARGE" }));
  });
});
