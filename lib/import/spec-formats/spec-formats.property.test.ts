import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BriefContent } from "@/lib/briefs/schema";
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
  "1.",
  "-",
  "### Requirement:",
  "#### Scenario:",
  "- **SC-002**:",
  "---",
  "```",
  "<!-- a template note -->",
  "",
);
const markdown = fc.array(lines, { maxLength: 40 }).map((list) => list.join("\n"));

function sortedById(criteria: BriefContent["acceptanceCriteria"]) {
  return criteria && [...criteria].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

describe("the spec readers on any arrangement of their lines", () => {
  // Nothing in these files is over a bound, so every one of them must import.
  it.each(specFormats)("%s: imports every such file", (format) => {
    fc.assert(
      fc.property(markdown, (text) => {
        expect(() => readSpecFormat(format, text)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it.each(specFormats)("%s: refuses only with a validation error when a file is over a bound", (format) => {
    const long = fc.constantFrom("x".repeat(1001), `${"word ".repeat(900)}`);
    fc.assert(
      fc.property(markdown, long, fc.nat(), (text, filler, at) => {
        const lines = text.split("\n");
        lines.splice(at % (lines.length + 1), 0, filler);
        try {
          readSpecFormat(format, lines.join("\n"));
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
        // Export writes criteria grouped under their requirements, so only their order may change.
        const byId = (content: BriefContent) => ({ ...content, acceptanceCriteria: sortedById(content.acceptanceCriteria) });
        expect(byId(again.content)).toEqual(byId(first.content));
        expect(again.checklist).toEqual(first.checklist);
      }),
      { numRuns: 200 },
    );
  });
});
