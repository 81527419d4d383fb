import { describe, expect, it } from "vitest";
import { describeRedirect, redirectUriMatches, redirectUriProblem } from "./redirect-uri";

describe("redirect URI matching", () => {
  const registered = [
    "https://claude.ai/api/mcp/auth_callback",
    "http://localhost/callback",
    "http://127.0.0.1:33418/",
    "cursor://anysphere.cursor-mcp/oauth/callback",
  ];

  it.each([
    ["https://claude.ai/api/mcp/auth_callback", true],
    ["cursor://anysphere.cursor-mcp/oauth/callback", true],
    // RFC 8252 §7.3: loopback redirects match on any port.
    ["http://localhost:51234/callback", true],
    ["http://localhost/callback", true],
    ["http://127.0.0.1:9/", true],
    ["http://127.0.0.1/", true],
  ])("accepts %s", (uri, expected) => {
    expect(redirectUriMatches(uri, registered)).toBe(expected);
  });

  it.each([
    "https://claude.ai/api/mcp/auth_callback/",
    "https://claude.ai/api/mcp/auth_callback?x=1",
    "https://claude.ai:444/api/mcp/auth_callback",
    "https://evil.example/api/mcp/auth_callback",
    "https://claude.ai.evil.example/api/mcp/auth_callback",
    "HTTPS://claude.ai/api/mcp/auth_callback#frag",
    // Same port rule does not make hosts interchangeable: localhost ≠ 127.0.0.1.
    "http://127.0.0.1:51234/callback",
    "http://localhost:51234/other",
    "http://localhost:51234/callback?extra=1",
    "http://localhost:51234/callback#x",
    "http://user@localhost:51234/callback",
    "https://localhost:51234/callback",
    "cursor://anysphere.cursor-mcp/oauth/callback2",
    "not a uri",
  ])("refuses %s", (uri) => {
    expect(redirectUriMatches(uri, registered)).toBe(false);
  });
});

describe("redirect URIs a client may register", () => {
  it.each([
    "https://chatgpt.com/connector/oauth/abc",
    "http://localhost:8787/callback",
    "http://127.0.0.1/callback",
    "http://[::1]:3000/cb",
    "cursor://anysphere.cursor-mcp/oauth/callback",
    "com.example.app:/oauth2redirect",
  ])("allows %s", (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });

  it.each([
    ["http://example.com/callback", /only on/],
    ["javascript:alert(1)", /scheme/],
    ["data:text/html,hi", /scheme/],
    ["file:///etc/passwd", /scheme/],
    ["https://example.com/cb#frag", /fragment/],
    ["https://user:pw@example.com/cb", /credentials/],
    ["https://example.com/c b", /whitespace/],
    ["https://example.com/\\cb", /backslash/],
    ["/relative/callback", /absolute/],
    [`https://example.com/${"a".repeat(2100)}`, /longer/],
  ])("refuses %s", (uri, why) => {
    expect(redirectUriProblem(uri)).toMatch(why);
  });

  it("describes where the browser goes, flagging loopback and app redirects", () => {
    expect(describeRedirect("https://claude.ai/api/mcp/auth_callback")).toEqual({ host: "claude.ai", kind: "web" });
    expect(describeRedirect("http://127.0.0.1:33418/")).toEqual({ host: "127.0.0.1:33418", kind: "loopback" });
    expect(describeRedirect("cursor://anysphere.cursor-mcp/oauth/callback")).toEqual({ host: "cursor://anysphere.cursor-mcp", kind: "app" });
  });
});
