import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, securityHeaders } from "./security-headers";

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("security headers", () => {
  it("allow scripts only by nonce in production, and forbid framing", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc", development: false, https: false }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
  });

  it("allow eval only in development", () => {
    expect(contentSecurityPolicy({ nonce: "n", development: true, https: false })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ nonce: "n", development: false, https: true })).not.toContain("unsafe-eval");
  });

  it("never restrict where forms may go (the OAuth consent form redirects to the client)", () => {
    expect(contentSecurityPolicy({ nonce: "n", development: false, https: true })).not.toContain("form-action");
  });

  it("send HSTS only behind https", () => {
    expect(securityHeaders({ nonce: "n", development: false, https: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(securityHeaders({ nonce: "n", development: false, https: false })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("always send nosniff, a referrer policy and a frame refusal", () => {
    expect(securityHeaders({ nonce: "n", development: false, https: false })).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
  });

  it("make a new nonce each time", () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(Buffer.from(newNonce(), "base64")).toHaveLength(16);
  });
});
