import { describe, expect, it } from "vitest";
import { isS256Challenge, s256, verifierMatches } from "./pkce";

describe("PKCE S256", () => {
  // RFC 7636 Appendix B.
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

  it("computes the RFC 7636 example", () => {
    expect(s256(verifier)).toBe(challenge);
    expect(isS256Challenge(challenge)).toBe(true);
  });

  it("accepts the matching verifier only", () => {
    expect(verifierMatches(verifier, challenge)).toBe(true);
    expect(verifierMatches(`${verifier.slice(0, -1)}Y`, challenge)).toBe(false);
  });

  it("refuses malformed verifiers and challenges", () => {
    expect(verifierMatches("short", s256("short"))).toBe(false);
    expect(verifierMatches("a".repeat(129), s256("a".repeat(129)))).toBe(false);
    expect(verifierMatches(`${"a".repeat(42)} `, s256(`${"a".repeat(42)} `))).toBe(false);
    // A plain challenge (the verifier itself) is not an S256 challenge.
    expect(verifierMatches(verifier, verifier)).toBe(false);
    expect(isS256Challenge("plain")).toBe(false);
    expect(isS256Challenge(`${challenge}=`)).toBe(false);
  });
});
