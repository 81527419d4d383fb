import { describe, expect, it } from "vitest";
import { canonicalResource, resourceMatches } from "./resource-indicator";

describe("resource indicators (RFC 8707)", () => {
  const ours = "https://briefs.example.com/api/mcp";

  it.each([
    ["https://briefs.example.com/api/mcp", ours],
    ["HTTPS://Briefs.Example.COM/api/mcp", ours],
    ["https://briefs.example.com/api/mcp/", ours],
    ["https://briefs.example.com:443/api/mcp", ours],
    ["http://127.0.0.1:3000/api/mcp", "http://127.0.0.1:3000/api/mcp"],
    ["https://briefs.example.com/", "https://briefs.example.com"],
  ])("canonicalises %s", (value, expected) => {
    expect(canonicalResource(value)).toBe(expected);
  });

  it.each(["https://briefs.example.com/api/mcp#x", "briefs.example.com/api/mcp", "ftp://briefs.example.com/api/mcp", "https://u:p@briefs.example.com/api/mcp"])(
    "refuses %s",
    (value) => {
      expect(canonicalResource(value)).toBeNull();
    },
  );

  it("matches only our resource, and treats an absent one as ours", () => {
    expect(resourceMatches(undefined, ours)).toBe(true);
    expect(resourceMatches("https://briefs.example.com/api/mcp/", ours)).toBe(true);
    expect(resourceMatches("https://briefs.example.com/api/mcp/other", ours)).toBe(false);
    expect(resourceMatches("https://other.example.com/api/mcp", ours)).toBe(false);
    expect(resourceMatches("https://briefs.example.com/api", ours)).toBe(false);
  });
});
