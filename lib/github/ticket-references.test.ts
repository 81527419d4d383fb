import { describe, expect, it } from "vitest";
import { findTicketReferences, ticketKey } from "./ticket-references";

const origin = "https://briefs.example.com";
const briefId = "019ad2b4-7c1e-7a10-8f00-1a2b3c4d5e6f";

describe("findTicketReferences", () => {
  it("finds a ticket by its address and by its short key", () => {
    const text = `Work on ${origin}/projects/p1/briefs/${briefId}#T-1 and ${ticketKey(briefId, "T-2")}.`;
    expect(findTicketReferences(text, origin)).toEqual([
      { kind: "url", projectId: "p1", briefId, ticketId: "T-1", closing: false },
      { kind: "key", briefKey: "3c4d5e6f", ticketId: "T-2", closing: false },
    ]);
  });

  it("makes a reference closing only right after a closing word, in any inflection", () => {
    for (const word of ["Fixes", "fix", "fixed", "closes", "Close", "closed", "resolves", "resolve", "Resolved", "implements", "implement", "implemented", "Fixes:"]) {
      expect(findTicketReferences(`${word} BR-3c4d5e6f#T-1`, origin)[0].closing, word).toBe(true);
    }
    for (const text of ["Refs BR-3c4d5e6f#T-1", "Part of BR-3c4d5e6f#T-1", "BR-3c4d5e6f#T-1", "Fixes a typo; see BR-3c4d5e6f#T-1", "prefixes BR-3c4d5e6f#T-1"]) {
      expect(findTicketReferences(text, origin)[0].closing, text).toBe(false);
    }
  });

  it("reads a key in a branch name, not inside a longer word, and ignores addresses of another origin", () => {
    expect(findTicketReferences("feature/BR-3c4d5e6f#T-3", origin)).toEqual([{ kind: "key", briefKey: "3c4d5e6f", ticketId: "T-3", closing: false }]);
    expect(findTicketReferences("SUBR-3c4d5e6f#T-3", origin)).toEqual([]);
    expect(findTicketReferences(`https://other.example.com/projects/p1/briefs/${briefId}#T-1`, origin)).toEqual([]);
  });
});
