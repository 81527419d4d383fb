import { describe, expect, it } from "vitest";
import { patternIn, routesOf } from "./route-pattern";

// The shape Next writes to .next/routes-manifest.json, with a few of the app's own routes.
const routes = routesOf({
  staticRoutes: [{ page: "/" }, { page: "/api/mcp" }, { page: "/projects" }],
  dynamicRoutes: [
    { page: "/projects/[projectId]/briefs/[briefId]", regex: "^/projects/([^/]+?)/briefs/([^/]+?)(?:/)?$" },
    { page: "/projects/[projectId]", regex: "^/projects/([^/]+?)(?:/)?$" },
    { page: "/s/[token]", regex: "^/s/([^/]+?)(?:/)?$" },
  ],
});

describe("patternIn", () => {
  it.each([
    ["/", "/"],
    ["/api/mcp", "/api/mcp"],
    ["/projects/", "/projects"],
    ["/projects/0192f3a4-5b6c-7d8e-9f01-23456789abcd", "/projects/[projectId]"],
    ["/projects/p1/briefs/b2", "/projects/[projectId]/briefs/[briefId]"],
    ["/projects/p1/briefs/b2.rsc", "/projects/[projectId]/briefs/[briefId]"],
    ["/projects/p1.segments/$c$children.segment.rsc", "/projects/[projectId]"],
    ["/s/q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8", "/s/[token]"],
    ["/_next/static/chunks/app-1a2b3c.js", "/_next/static"],
    ["/_next/image", "/_next"],
    ["/wp-login.php", "unmatched"],
    ["/s/a/b/c", "unmatched"],
  ])("%s is %s", (path, pattern) => {
    expect(patternIn(routes, path)).toBe(pattern);
  });

  it("counts everything as unmatched without a manifest (a development server)", () => {
    expect(patternIn(null, "/projects/p1")).toBe("unmatched");
  });
});
