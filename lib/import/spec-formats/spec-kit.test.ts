import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { specKitContent } from "@/tests/support/spec-format-content";
import { readSpecKit, writeSpecKit } from "./spec-kit";

const fixture = readFileSync("tests/fixtures/import/spec-formats/spec-kit-spec.md", "utf8");

describe("readSpecKit on a Spec Kit spec.md", () => {
  const brief = readSpecKit(fixture);
  const criteria = brief.content.acceptanceCriteria ?? [];

  it("takes the feature's name as the title", () => {
    expect(brief.title).toBe("Recurring Invoices");
    expect(brief.format).toBe("spec-kit");
  });

  it("keeps the metadata lines under a key of their own", () => {
    expect(brief.content["Feature Specification"]).toMatch(/^\*\*Feature Branch\*\*: `014-recurring-invoices`\n\n\*\*Created\*\*: 2026-11-02\n\n\*\*Status\*\*: Draft\n\n\*\*Input\*\*: User description: "Let freelancers/);
  });

  it("keeps functional requirements as rows with their FR ids", () => {
    const requirements = brief.content.requirements ?? [];
    expect(requirements).toHaveLength(8);
    expect(requirements[0]).toMatch(/^FR-001: System MUST let a user turn any draft invoice into a recurring schedule/);
    expect(requirements[4]).toBe("FR-005: Users MUST be able to skip a single issue, pause a schedule and resume it.");
  });

  it("makes acceptance scenarios criteria US<story>.AS<n>, then the measurable outcomes by their SC ids", () => {
    expect(criteria.map((criterion) => criterion.id)).toEqual([
      "US1.AS1", "US1.AS2", "US1.AS3", "US2.AS1", "US2.AS2", "US3.AS1", "US3.AS2", "SC-001", "SC-002", "SC-003",
    ]);
    expect(criteria[1].text).toBe("**Given** a monthly schedule, **When** the issue date arrives, **Then** a new invoice with the next number is issued and emailed to the client");
    expect(criteria[8].text).toBe("99.9% of scheduled invoices are issued within 15 minutes of their issue time.");
  });

  it("keeps the user stories, without their scenarios, as the user context", () => {
    const context = brief.content.userPersonaContext ?? "";
    expect(context).toMatch(/^### User Story 1 - Schedule a recurring invoice \(Priority: P1\)\n\nA freelancer who bills/);
    expect(context).toContain("**Independent Test**: Can be tested by pausing a schedule over one issue date and resuming it.");
    expect(context).not.toContain("Acceptance Scenarios");
    expect(context).not.toContain("**Given**");
  });

  it("maps edge cases, key entities and assumptions", () => {
    expect(brief.content.edgeCases).toEqual([
      "What happens when the issue day is the 31st and the month has 30 days?",
      "How does the system handle a client whose email address bounces?",
      "What happens when the freelancer changes the invoice template while a schedule is active?",
    ]);
    expect(brief.content.dataModelImplications).toMatch(/^- \*\*Schedule\*\*: a recurring plan for one client/);
    expect(brief.content.architectureAssumptions).toMatch(/^- Clients receive invoices by email only/);
  });

  it("asks each NEEDS CLARIFICATION marker as an open question and leaves the marker in place", () => {
    expect(brief.content.openQuestions).toEqual([
      "how many days before the issue date — fixed at 3, or chosen per schedule?",
      "the user's time zone or the client's?",
    ]);
    expect(brief.content.requirements?.[3]).toBe(
      "FR-004: System MUST send the user a reminder [NEEDS CLARIFICATION: how many days before the issue date — fixed at 3, or chosen per schedule?]",
    );
  });

  it("places every heading", () => {
    expect(brief.headings.map(({ heading, section, placement }) => [heading, section, placement])).toEqual([
      ["Feature Specification: Recurring Invoices", "title", "title"],
      ["User Scenarios & Testing *(mandatory)*", "userPersonaContext", "section"],
      ["User Story 1 - Schedule a recurring invoice (Priority: P1)", "userPersonaContext", "section"],
      ["User Story 2 - Review before it goes out (Priority: P2)", "userPersonaContext", "section"],
      ["User Story 3 - Pause and resume (Priority: P3)", "userPersonaContext", "section"],
      ["Edge Cases", "edgeCases", "section"],
      ["Requirements *(mandatory)*", "requirements", "section"],
      ["Functional Requirements", "requirements", "section"],
      ["Key Entities *(include if feature involves data)*", "dataModelImplications", "section"],
      ["Success Criteria *(mandatory)*", "acceptanceCriteria", "section"],
      ["Measurable Outcomes", "acceptanceCriteria", "section"],
      ["Assumptions", "architectureAssumptions", "section"],
    ]);
  });

  it("gives back the same brief after writing it as Spec Kit again", () => {
    const again = readSpecKit(writeSpecKit(brief.title ?? "", brief.content));
    expect(again.title).toBe("Recurring Invoices");
    expect(again.content).toEqual(brief.content);
  });
});

describe("readSpecKit on variations", () => {
  it("keeps a section of its own, and unlabelled outcomes get SC ids by position", () => {
    const brief = readSpecKit(
      [
        "# Feature Specification: Exports",
        "## Success Criteria *(mandatory)*",
        "### Measurable Outcomes",
        "- Exports finish within a minute.",
        "- **SC-009**: Nobody asks support for a CSV.",
        "## Non-Functional Requirements",
        "- **NFR-001**: Exports MUST be streamed.",
      ].join("\n\n"),
    );
    expect(brief.content.acceptanceCriteria).toEqual([
      { id: "SC-001", text: "Exports finish within a minute." },
      { id: "SC-009", text: "Nobody asks support for a CSV." },
    ]);
    expect(brief.content["Non-Functional Requirements"]).toBe("- **NFR-001**: Exports MUST be streamed.");
    expect(brief.headings.at(-1)).toMatchObject({ heading: "Non-Functional Requirements", section: "Non-Functional Requirements", placement: "kept" });
  });

  it("refuses more than 50 functional requirements, naming the section and the limit", () => {
    const rows = Array.from({ length: 51 }, (_, i) => `- **FR-${String(i + 1).padStart(3, "0")}**: System MUST do thing ${i + 1}.`);
    let error: unknown;
    try {
      readSpecKit(`# Feature Specification: Big\n\n## Requirements\n\n### Functional Requirements\n\n${rows.join("\n")}\n`);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details?.issues).toEqual([{ path: "content.requirements", message: "Requirements has 51 items; a section holds at most 50." }]);
  });
});

describe("writeSpecKit", () => {
  it("writes Spec Kit's mandatory sections, bold ids, and scenarios under their story", () => {
    const markdown = writeSpecKit("Exports", {
      userPersonaContext: "### User Story 1 - Export to CSV (Priority: P1)\n\nA user downloads their notes.",
      requirements: ["FR-001: System MUST export CSV.", "Exports are UTF-8."],
      acceptanceCriteria: [
        { id: "US1.AS1", text: "**Given** notes, **When** exporting, **Then** a CSV downloads" },
        { id: "AC-2", text: "Exports finish within a minute." },
      ],
    });
    expect(markdown).toBe(
      [
        "# Feature Specification: Exports",
        "## User Scenarios & Testing *(mandatory)*",
        "### User Story 1 - Export to CSV (Priority: P1)",
        "A user downloads their notes.",
        "**Acceptance Scenarios**:",
        "1. **Given** notes, **When** exporting, **Then** a CSV downloads",
        "## Requirements *(mandatory)*",
        "### Functional Requirements",
        "- **FR-001**: System MUST export CSV.\n- Exports are UTF-8.",
        "## Success Criteria *(mandatory)*",
        "### Measurable Outcomes",
        "- **AC-2**: Exports finish within a minute.",
      ].join("\n\n") + "\n",
    );
  });

  it("lists open questions the text does not already mark, and reads them back once", () => {
    const content = {
      requirements: ["FR-001: System MUST keep data for [NEEDS CLARIFICATION: how long?]"],
      openQuestions: ["how long?", "Who owns exports?"],
    };
    const markdown = writeSpecKit("x", content);
    expect(markdown).toContain("## Open questions\n\n- Who owns exports?\n");
    expect(markdown).not.toContain("- how long?");
    expect(readSpecKit(markdown).content.openQuestions).toEqual(["how long?", "Who owns exports?"]);
  });

  it("round-trips every brief within what Spec Kit holds", () => {
    fc.assert(
      fc.property(specKitContent, (content) => {
        const again = readSpecKit(writeSpecKit("Any title", content));
        expect(again.title).toBe("Any title");
        expect(again.content).toEqual(content);
      }),
      { numRuns: 100 },
    );
  });
});
