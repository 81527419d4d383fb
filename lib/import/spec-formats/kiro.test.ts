import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { kiroContent } from "@/tests/support/spec-format-content";
import { readKiro, writeKiro } from "./kiro";

const fixture = readFileSync("tests/fixtures/import/spec-formats/kiro-requirements.md", "utf8");

function thrown(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("Expected a DomainError.");
}

describe("readKiro on a Kiro requirements.md", () => {
  const brief = readKiro(fixture);

  it("has no product title: Kiro names the file, not the feature", () => {
    expect(brief.title).toBeNull();
    expect(brief.format).toBe("kiro");
  });

  it("takes the introduction as the goal", () => {
    expect(brief.content.goal).toMatch(/^Field technicians fill in inspection notes/);
    expect(brief.content.goal).toMatch(/overwriting a colleague's changes\.$/);
  });

  it("makes each requirement a row that keeps its number and user story", () => {
    expect(brief.content.requirements).toEqual([
      "R1: As a field technician, I want my notes saved on the tablet while I am offline, so that nothing I type is lost when the connection drops.",
      "R2: As a field technician, I want my offline notes to upload by themselves once I am back online, so that I do not have to remember to sync.",
      "R3: As a team lead, I want conflicting edits to be shown rather than overwritten, so that no inspection finding disappears.\n\nTwo technicians sometimes inspect the same site on the same day; both may edit the same note.",
    ]);
  });

  it("makes each EARS statement an acceptance criterion tied to its requirement", () => {
    const criteria = brief.content.acceptanceCriteria ?? [];
    expect(criteria.map((criterion) => criterion.id)).toEqual(["R1.1", "R1.2", "R1.3", "R2.1", "R2.2", "R2.3", "R3.1", "R3.2", "R3.3"]);
    expect(criteria[2].text).toBe('WHILE the device is offline THE system SHALL show an "Offline — saved on this tablet" badge on each unsynced note');
    expect(criteria[7].text).toMatch(/^WHERE the team lead has the reviewer role THE system SHALL/);
  });

  it("keeps a section Kiro does not define under its own heading's name", () => {
    expect(brief.content.Glossary).toBe(
      "- **Unsynced note**: a note with changes saved on the device but not yet on the server.\n- **Conflict**: a note changed both on the device and on the server since the last sync.",
    );
  });

  it("says where every heading went, with its line", () => {
    expect(brief.headings.map(({ heading, line, section, placement }) => [heading, line, section, placement])).toEqual([
      ["Requirements Document", 1, "title", "title"],
      ["Introduction", 3, "goal", "section"],
      ["Requirements", 10, "requirements", "section"],
      ["Requirement 1", 12, "requirements", "section"],
      ["Acceptance Criteria", 16, "acceptanceCriteria", "section"],
      ["Requirement 2", 22, "requirements", "section"],
      ["Acceptance Criteria", 26, "acceptanceCriteria", "section"],
      ["Requirement 3", 32, "requirements", "section"],
      ["Acceptance Criteria", 38, "acceptanceCriteria", "section"],
      ["Glossary", 44, "Glossary", "kept"],
    ]);
  });

  it("gives back the same brief after writing it as Kiro again", () => {
    expect(readKiro(writeKiro("Offline notes", brief.content)).content).toEqual(brief.content);
  });
});

describe("readKiro on variations", () => {
  it("keeps a requirement heading's title and the literal criterion numbers", () => {
    const brief = readKiro(
      [
        "# Requirements Document",
        "## Requirements",
        "### Requirement 4: Audit trail",
        "**User Story:** As an auditor, I want every change logged, so that I can trace it.",
        "#### Acceptance Criteria",
        "3. WHEN a note changes THEN the system SHALL record who changed it",
        "7. IF the log is full THEN the system SHALL archive the oldest month",
      ].join("\n\n"),
    );
    expect(brief.content.requirements).toEqual(["R4: **Audit trail** — As an auditor, I want every change logged, so that I can trace it."]);
    expect(brief.content.acceptanceCriteria?.map((criterion) => criterion.id)).toEqual(["R4.3", "R4.7"]);
  });

  it("reads criteria after a lead-in sentence or as bullets, and requirements one level up", () => {
    const brief = readKiro(
      [
        "# Requirements Document",
        "## Requirement 1",
        "**User Story:** As a user, I want exports, so that I own my data.",
        "### Acceptance Criteria",
        "The system is judged by these:",
        "- WHEN the user exports THEN the system SHALL download a file",
        "- IF the export fails THEN the system SHALL say why",
      ].join("\n\n"),
    );
    expect(brief.content.requirements).toEqual(["R1: As a user, I want exports, so that I own my data."]);
    expect(brief.content.acceptanceCriteria?.map((criterion) => criterion.id)).toEqual(["R1.1", "R1.2"]);
    expect(brief.content["Requirement 1 Acceptance Criteria"]).toBe("The system is judged by these:");
  });

  it("takes a feature name from the title heading when the file has one", () => {
    expect(readKiro("# Requirements Document: Offline notes\n\n## Requirements\n").title).toBe("Offline notes");
  });

  it("keeps text around the structure instead of dropping it", () => {
    const brief = readKiro(
      [
        "# Requirements Document",
        "Drafted with the field team.",
        "## Requirements",
        "All requirements apply to tablets only.",
        "### Requirement 1",
        "**User Story:** As a technician, I want drafts, so that I can pause.",
        "#### Acceptance Criteria",
        "1. WHEN a draft is saved THEN the system SHALL keep it",
        "Reviewed on 2 November.",
      ].join("\n\n"),
    );
    expect(brief.content["Requirements Document"]).toBe("Drafted with the field team.");
    expect(brief.content["Requirements (notes)"]).toBe("All requirements apply to tablets only.");
    expect(brief.content["Requirement 1 Acceptance Criteria"]).toBe("Reviewed on 2 November.");
  });

  it("keeps front matter as text, and writes it back at the top of the file", () => {
    const brief = readKiro("---\nfeature: offline-notes\n---\n\n# Requirements Document\n\n## Introduction\n\nWhy.\n");
    expect(brief.content["Front matter"]).toBe("---\nfeature: offline-notes\n---");
    expect(brief.headings.map((heading) => heading.heading)).toEqual(["Requirements Document", "Introduction"]);
    expect(writeKiro("x", brief.content)).toMatch(/^---\nfeature: offline-notes\n---\n\n# Requirements Document\n/);
  });

  it("refuses a requirement longer than a brief holds, naming it and the limit", () => {
    const long = `As a user, I want ${"very ".repeat(250)}much, so that it is long.`;
    const error = thrown(() => readKiro(`# Requirements Document\n\n## Requirements\n\n### Requirement 2\n\n**User Story:** ${long}\n`));
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.details?.issues).toEqual([
      { path: "content.requirements[0]", message: expect.stringMatching(/^Requirement "R2" is 1,\d{3} characters; an item holds at most 1,000\.$/) },
    ]);
  });

  it("refuses an introduction over 4,000 characters, naming the section and the limit", () => {
    const error = thrown(() => readKiro(`# Requirements Document\n\n## Introduction\n\n${"word ".repeat(900)}\n`));
    expect(error.details?.issues).toEqual([{ path: "content.goal", message: "Goal is 4,499 characters; a section holds at most 4,000." }]);
  });
});

describe("writeKiro", () => {
  it("writes Kiro's shape: introduction, numbered requirements, user stories, numbered criteria", () => {
    const markdown = writeKiro("Exports", {
      goal: "Let people take their data with them.",
      requirements: ["R1: As a user, I want a CSV export, so that I can use a spreadsheet.", "FR-9: Exports are UTF-8."],
      acceptanceCriteria: [
        { id: "R1.1", text: "WHEN the user exports THEN the system SHALL download a CSV file" },
        { id: "AC-5", text: "Exports finish within a minute." },
      ],
    });
    expect(markdown).toBe(
      [
        "# Requirements Document",
        "## Introduction",
        "Let people take their data with them.",
        "## Requirements",
        "### Requirement 1",
        "**User Story:** As a user, I want a CSV export, so that I can use a spreadsheet.",
        "#### Acceptance Criteria",
        "1. WHEN the user exports THEN the system SHALL download a CSV file",
        "### Requirement 2",
        "**User Story:** FR-9: Exports are UTF-8.",
        "## Acceptance criteria",
        "- **AC-5** Exports finish within a minute.",
      ].join("\n\n") + "\n",
    );
  });

  it("numbers rows without an R number after the numbers already taken", () => {
    const markdown = writeKiro("x", { requirements: ["Plain row.", "R1: Numbered row."] });
    expect(readKiro(markdown).content.requirements).toEqual(["R2: Plain row.", "R1: Numbered row."]);
  });

  it("carries the QA checklist as a task list that comes back as checklist rows", () => {
    const markdown = writeKiro("x", { testingQaChecklist: [{ text: "Tried offline", checked: true, checkedBy: "Ana" }, { text: "Tried sync", checked: false }] });
    expect(markdown).toContain("## QA checklist\n\n- [x] Tried offline\n- [ ] Tried sync\n");
    expect(readKiro(markdown).checklist).toEqual([
      { text: "Tried offline", checked: true },
      { text: "Tried sync", checked: false },
    ]);
  });

  it("round-trips every brief within what Kiro holds", () => {
    fc.assert(
      fc.property(kiroContent, (content) => {
        expect(readKiro(writeKiro("Any title", content)).content).toEqual(content);
      }),
      { numRuns: 100 },
    );
  });
});
