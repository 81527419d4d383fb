import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { briefToMarkdown } from "@/lib/briefs/brief-markdown";
import { kiroContent, openSpecContent, specKitContent } from "@/tests/support/spec-format-content";
import { detectSpecFormat } from "./detect-spec-format";
import { readKiro, writeKiro } from "./kiro";
import { writeOpenSpec } from "./openspec";
import { writeSpecKit } from "./spec-kit";

const fixture = (name: string) => readFileSync(`tests/fixtures/import/spec-formats/${name}`, "utf8");

describe("detectSpecFormat", () => {
  it("recognises each tool's file by its structure", () => {
    expect(detectSpecFormat(fixture("kiro-requirements.md"))).toBe("kiro");
    expect(detectSpecFormat(fixture("spec-kit-spec.md"))).toBe("spec-kit");
    expect(detectSpecFormat(fixture("openspec-spec.md"))).toBe("openspec");
  });

  it("takes a product requirements document with numbered requirements and criteria for none of them", () => {
    expect(detectSpecFormat(fixture("plain-prd.md"))).toBeNull();
  });

  it("takes a brief's own Markdown export for none of them", () => {
    const markdown = briefToMarkdown({
      title: "Offline notes",
      projectName: "Field app",
      state: "drafting",
      versionNum: 3,
      hash: null,
      updatedAt: new Date("2026-11-28T08:00:00Z"),
      content: readKiro(fixture("kiro-requirements.md")).content,
    });
    expect(detectSpecFormat(markdown)).toBeNull();
  });

  it("needs more than a familiar heading", () => {
    expect(detectSpecFormat("")).toBeNull();
    expect(detectSpecFormat("# Requirements Document\n\n## Introduction\n\nJust prose.\n")).toBeNull();
    expect(detectSpecFormat("## Purpose\n\nWhy.\n\n## Requirements\n\n- The system SHALL work.\n")).toBeNull();
    expect(detectSpecFormat("## User Scenarios & Testing\n\nA story.\n")).toBeNull();
    expect(detectSpecFormat("### Requirement 1\n\n#### Acceptance Criteria\n\n- Works offline.\n")).toBeNull();
  });

  it("ignores headings inside code blocks", () => {
    const quoted = "# Notes\n\n```markdown\n## Purpose\n\nx\n\n## Requirements\n\n### Requirement: Quoted\n\n#### Scenario: Quoted\n```\n";
    expect(detectSpecFormat(quoted)).toBeNull();
  });

  it("recognises everything each writer writes, as long as it has a requirement", () => {
    fc.assert(
      fc.property(kiroContent, openSpecContent, specKitContent, (kiro, openSpec, specKit) => {
        if (kiro.requirements) expect(detectSpecFormat(writeKiro("t", kiro))).toBe("kiro");
        if (openSpec.requirements) expect(detectSpecFormat(writeOpenSpec("t", openSpec))).toBe("openspec");
        expect(detectSpecFormat(writeSpecKit("t", specKit))).toBe("spec-kit");
      }),
      { numRuns: 40 },
    );
  });
});
