import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { readSpecFormat, specFormats, writeSpecFormat } from "./index";

// Lines every format gives a meaning, mixed with prose, lists, code and stray markup, so that the
// readers meet files in every arrangement a person (or an agent) might leave them.
const lines = fc.constantFrom(
  "# Requirements Document",
  "# Feature Specification: Exports",
  "# exports Specification",
  "## Introduction",
  "## Purpose",
  "## Requirements",
  "## Requirements *(mandatory)*",
  "## User Scenarios & Testing *(mandatory)*",
  "## Success Criteria",
  "## Assumptions",
  "## Edge cases",
  "## Acceptance criteria",
  "## QA checklist",
  "## Glossary",
  "### Requirement 1",
  "### Requirement 2: Audit",
  "### Requirement: Export",
  "### User Story 1 - Export (Priority: P1)",
  "### Edge Cases",
  "### Functional Requirements",
  "### Key Entities",
  "### Measurable Outcomes",
  "#### Acceptance Criteria",
  "#### Scenario: Works",
  "**User Story:** As a user, I want exports, so that I own my data.",
  "**Acceptance Scenarios**:",
  "1. WHEN a user exports THEN the system SHALL download a file",
  "2. **Given** notes, **When** exporting, **Then** a file downloads",
  "- **FR-001**: System MUST export [NEEDS CLARIFICATION: which formats?]",
  "- **SC-001**: Exports take under a minute.",
  "- **WHEN** the user exports",
  "- **THEN** a file downloads",
  "- **AC-1** Works offline.",
  "- [x] Tried it",
  "- plain item",
  "  continued item text",
  "The system SHALL keep every note.",
  "Plain prose, with *emphasis* and `code`.",
  "TBD",
  "---",
  "```",
  "<!-- a template note -->",
  "",
);
const markdown = fc.array(lines, { maxLength: 40 }).map((list) => list.join("\n"));

describe("the spec readers on any arrangement of their lines", () => {
  it.each(specFormats)("%s: returns a brief or refuses with a validation error, nothing else", (format) => {
    fc.assert(
      fc.property(markdown, (text) => {
        try {
          readSpecFormat(format, text);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe("VALIDATION_ERROR");
        }
      }),
      { numRuns: 200 },
    );
  });

  it.each(specFormats)("%s: a brief read, written and read again is the same brief", (format) => {
    fc.assert(
      fc.property(markdown, (text) => {
        const first = readSpecFormat(format, text);
        // The QA checklist rows an import finds become the brief's checklist, which export writes.
        const content = first.checklist.length > 0 ? { ...first.content, testingQaChecklist: first.checklist } : first.content;
        const again = readSpecFormat(format, writeSpecFormat(format, first.title ?? "Untitled", content));
        expect(again.content).toEqual(first.content);
        expect(again.checklist).toEqual(first.checklist);
      }),
      { numRuns: 200 },
    );
  });
});
