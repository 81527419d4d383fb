import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./safe-return-path";

const FALLBACK = "/projects";

describe("safeReturnPath", () => {
  it.each([
    ["/projects/1?tab=x", "/projects/1?tab=x"],
    ["/projects/1?tab=x#history", "/projects/1?tab=x#history"],
    ["/", "/"],
    ["/settings/tokens", "/settings/tokens"],
    ["/projects/caf%C3%A9", "/projects/caf%C3%A9"],
    // Kept on this site, normalised as a browser would.
    ["/projects/é", "/projects/%C3%A9"],
    ["/a/../projects", "/projects"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
  ])("keeps the same-origin path %j as %j", (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  // Forms that browsers or servers have been seen to resolve to another origin, or that break headers.
  it.each([
    "//evil.example",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\nSet-Cookie: a=b",
    "/ /evil.example",
    " /projects",
    "/projects ",
    "/\u00a0/evil.example",
    "/\u3000/evil.example",
    "/\u200b/evil.example",
    "/\ufeff/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/..//evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "/a/../..//evil.example",
    "https://evil.example",
    "http:evil.example",
    "https:/evil.example",
    "//evil.example/%2F..",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "projects",
    "?next=//evil.example",
    "#//evil.example",
    "",
    "/" + "a".repeat(5000),
    undefined,
    null,
    42,
    ["/a", "/b"],
    { toString: () => "/projects/1" },
  ])("refuses %j", (value) => {
    expect(safeReturnPath(value)).toBe(FALLBACK);
  });

  it("uses the given fallback", () => {
    expect(safeReturnPath("//evil.example", "/")).toBe("/");
  });
});
