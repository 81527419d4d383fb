import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BriefContent } from "@/lib/briefs/schema";
import { openSpecContent } from "@/tests/support/spec-format-content";
import { readOpenSpec, writeOpenSpec } from "./openspec";

const fixture = readFileSync("tests/fixtures/import/spec-formats/openspec-spec.md", "utf8");

/**
 * The rules OpenSpec's validator holds a capability spec to: a non-empty Purpose, a Requirements
 * section, requirement names unique, every requirement with a body that says SHALL or MUST, and at
 * least one level-4 scenario (with text) under every requirement. Returns what breaks them.
 */
function openSpecProblems(markdown: string): string[] {
  const problems: string[] = [];
  const purpose = /^## Purpose\n([\s\S]*?)(?=^## )/m.exec(markdown)?.[1].trim();
  if (!purpose) problems.push("empty or missing Purpose");
  const requirements = /^## Requirements\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1];
  if (requirements === undefined) return [...problems, "no Requirements section"];
  const blocks = requirements.split(/^### Requirement: /m).slice(1);
  if (blocks.length === 0) problems.push("no requirement");
  const names = new Set<string>();
  for (const block of blocks) {
    const [name, ...lines] = block.split("\n");
    if (names.has(name)) problems.push(`duplicate requirement ${name}`);
    names.add(name);
    const bodyEnd = lines.findIndex((line) => /^#{1,6}\s/.test(line));
    const body = lines.slice(0, bodyEnd === -1 ? undefined : bodyEnd).join("\n");
    if (!/\b(SHALL|MUST)\b/.test(body)) problems.push(`${name}: no SHALL or MUST in its text`);
    const scenarios = block.split(/^#### /m).slice(1);
    if (scenarios.length === 0) problems.push(`${name}: no scenario`);
    for (const scenario of scenarios) if (scenario.split("\n").slice(1).join("\n").trim() === "") problems.push(`${name}: empty scenario`);
  }
  return problems;
}

describe("readOpenSpec on an OpenSpec capability spec", () => {
  const brief = readOpenSpec(fixture);

  it("takes the capability as the title and the purpose as the goal", () => {
    expect(brief.title).toBe("password-reset");
    expect(brief.format).toBe("openspec");
    expect(brief.content.goal).toBe(
      "Let people who forgot their password regain access to their account by email, without support staff and without exposing whether an address has an account.",
    );
  });

  it("makes each requirement a row `<name>: <statement>`", () => {
    expect(brief.content.requirements).toEqual([
      "Reset Request: The system SHALL accept a password reset request for any email address and answer it the same way whether or not an account exists.",
      "Reset Link Lifetime: A reset link MUST work once, and only within 30 minutes of being sent.",
      "Rate Limiting: The system SHALL send at most 3 reset emails per address per hour.",
      "Session Revocation: The system SHALL sign out every other session of the account when its password is reset.",
    ]);
  });

  it("makes each scenario a criterion with an id from its requirement and its own name", () => {
    const criteria = brief.content.acceptanceCriteria ?? [];
    expect(criteria.map((criterion) => criterion.id)).toEqual([
      "reset-request.known-address",
      "reset-request.unknown-address",
      "reset-link-lifetime.link-used-twice",
      "reset-link-lifetime.link-opened-after-30-minutes",
      "rate-limiting.fourth-request-within-the-hour",
      "session-revocation.signed-in-on-another-device",
    ]);
    expect(criteria[2].text).toBe(
      'Link used twice\n- **GIVEN** a reset link that was already used to set a new password\n- **WHEN** the link is opened again\n- **THEN** the system shows "This link has expired" and offers to send a new one',
    );
  });

  it("places every heading", () => {
    expect(brief.headings.map(({ heading, section, placement }) => [heading, section, placement])).toEqual([
      ["password-reset Specification", "title", "title"],
      ["Purpose", "goal", "section"],
      ["Requirements", "requirements", "section"],
      ["Requirement: Reset Request", "requirements", "section"],
      ["Scenario: Known address", "acceptanceCriteria", "section"],
      ["Scenario: Unknown address", "acceptanceCriteria", "section"],
      ["Requirement: Reset Link Lifetime", "requirements", "section"],
      ["Scenario: Link used twice", "acceptanceCriteria", "section"],
      ["Scenario: Link opened after 30 minutes", "acceptanceCriteria", "section"],
      ["Requirement: Rate Limiting", "requirements", "section"],
      ["Scenario: Fourth request within the hour", "acceptanceCriteria", "section"],
      ["Requirement: Session Revocation", "requirements", "section"],
      ["Scenario: Signed in on another device", "acceptanceCriteria", "section"],
    ]);
  });

  it("gives back the same brief after writing it as OpenSpec again, and the written file passes OpenSpec's rules", () => {
    const markdown = writeOpenSpec(brief.title ?? "", brief.content);
    expect(openSpecProblems(markdown)).toEqual([]);
    const again = readOpenSpec(markdown);
    expect(again.title).toBe("password-reset");
    expect(again.content).toEqual(brief.content);
  });

  it("keeps ids unique and valid when names repeat or have no letters a slug can use", () => {
    const brief = readOpenSpec(
      [
        "# x Specification",
        "## Purpose",
        "Some purpose.",
        "## Requirements",
        "### Requirement: 日本語",
        "The system SHALL work.",
        "#### Scenario: Same",
        "- **THEN** one",
        "#### Scenario: Same",
        "- **THEN** two",
      ].join("\n\n"),
    );
    expect(brief.content.acceptanceCriteria?.map((criterion) => criterion.id)).toEqual(["r1.same", "r1.same-2"]);
  });
});

describe("writeOpenSpec supplies what OpenSpec requires and takes it back on import", () => {
  const bare: BriefContent = { requirements: ["Exports are PDF", "Audit: Every change is logged.\n\nWith its author."] };
  const markdown = writeOpenSpec("exports", bare);

  it("writes a TBD purpose, SHALL in every statement and a scenario under every requirement", () => {
    expect(openSpecProblems(markdown)).toEqual([]);
    expect(markdown).toBe(
      [
        "# exports Specification",
        "## Purpose",
        "TBD",
        "## Requirements",
        "### Requirement: Exports are PDF",
        "The system SHALL meet this requirement: Exports are PDF",
        "#### Scenario: Exports are PDF",
        "- **THEN** The system SHALL meet this requirement: Exports are PDF",
        "### Requirement: Audit",
        "The system SHALL meet this requirement: Every change is logged.\n\nWith its author.",
        "#### Scenario: Audit",
        "- **THEN** The system SHALL meet this requirement: Every change is logged.\n\nWith its author.",
      ].join("\n\n") + "\n",
    );
  });

  it("reads none of it back as brief content", () => {
    expect(readOpenSpec(markdown).content).toEqual(bare);
  });

  it("renames a repeated requirement name, which OpenSpec refuses", () => {
    const written = writeOpenSpec("x", { requirements: ["Login: Users SHALL sign in.", "Login: Users SHALL sign out."] });
    expect(openSpecProblems(written)).toEqual([]);
    expect(readOpenSpec(written).content.requirements).toEqual(["Login: Users SHALL sign in.", "Login (2): Users SHALL sign out."]);
  });

  it("round-trips every brief within what OpenSpec holds, always within OpenSpec's rules", () => {
    fc.assert(
      fc.property(openSpecContent, (content) => {
        const written = writeOpenSpec("any-capability", content);
        // A spec without requirements is refused by OpenSpec, and a made-up one would mislead.
        expect(openSpecProblems(written)).toEqual(content.requirements ? [] : ["no requirement"]);
        const again = readOpenSpec(written);
        expect(again.title).toBe("any-capability");
        expect(again.content).toEqual(content);
      }),
      { numRuns: 100 },
    );
  });
});
