import { describe, expect, it } from "vitest";
import { pageLinks, rewritePageLinks } from "./page-links";

const page = [
  "# Roadmap",
  "",
  "See [Launch plan](Launch%20plan%200123456789abcdef0123456789abcdef.md) and [the FAQ](../Help/FAQ.md#billing \"Billing questions\").",
  "",
  "![Diagram](Roadmap%200123456789abcdef0123456789abcdef/diagram.png)",
  "",
  "Elsewhere: [site](https://example.com/a.md), [mail](mailto:pm@example.com), [top](#roadmap), [root](/abs.md), [out](../../outside.md).",
  "",
  "Angle form: [spaced](<Other page.md>). Reference: [ref link][spec] and ![ref image][logo].",
  "",
  "```",
  "[in code](code.md)",
  "```",
  "",
  "[spec]: Spec%20page.md",
  "[logo]: img/logo.png",
  "",
].join("\n");

describe("the links of a page", () => {
  it("lists relative links and images with their in-ZIP paths, decoded and resolved from the page's folder", () => {
    expect(pageLinks(page, "Workspace/Roadmap 0123456789abcdef0123456789abcdef.md").map(({ kind, url, zipPath, fragment }) => ({ kind, url, zipPath, fragment }))).toEqual([
      { kind: "link", url: "Launch%20plan%200123456789abcdef0123456789abcdef.md", zipPath: "Workspace/Launch plan 0123456789abcdef0123456789abcdef.md", fragment: "" },
      { kind: "link", url: "../Help/FAQ.md#billing", zipPath: "Help/FAQ.md", fragment: "#billing" },
      { kind: "image", url: "Roadmap%200123456789abcdef0123456789abcdef/diagram.png", zipPath: "Workspace/Roadmap 0123456789abcdef0123456789abcdef/diagram.png", fragment: "" },
      { kind: "link", url: "Other page.md", zipPath: "Workspace/Other page.md", fragment: "" },
      { kind: "link", url: "Spec%20page.md", zipPath: "Workspace/Spec page.md", fragment: "" },
      { kind: "image", url: "img/logo.png", zipPath: "Workspace/img/logo.png", fragment: "" },
    ]);
  });

  it("gives each URL's exact place in the page", () => {
    for (const link of pageLinks(page, "Roadmap.md")) expect(page.slice(link.start, link.end)).toBe(link.url);
  });

  it("rewrites exactly those URLs, leaves links to pages outside the ZIP alone, and keeps every other byte", () => {
    const known: Record<string, string> = {
      "Workspace/Launch plan 0123456789abcdef0123456789abcdef.md": "/briefs/launch",
      "Help/FAQ.md": "/briefs/faq",
      "Workspace/Roadmap 0123456789abcdef0123456789abcdef/diagram.png": "/files/diagram 1.png",
      "Workspace/img/logo.png": "/files/logo.png",
    };
    const seen: [string, string][] = [];
    const out = rewritePageLinks(page, "Workspace/Roadmap 0123456789abcdef0123456789abcdef.md", (zipPath, kind) => {
      seen.push([zipPath, kind]);
      return known[zipPath] ?? null;
    });
    expect(seen).toContainEqual(["Workspace/Roadmap 0123456789abcdef0123456789abcdef/diagram.png", "image"]);
    expect(out).toBe(
      page
        .replace("Launch%20plan%200123456789abcdef0123456789abcdef.md", "/briefs/launch")
        .replace("../Help/FAQ.md#billing", "/briefs/faq#billing")
        .replace("Roadmap%200123456789abcdef0123456789abcdef/diagram.png", "/files/diagram%201.png")
        .replace("[logo]: img/logo.png", "[logo]: /files/logo.png"),
    );
  });

  it("finds nothing to change in a page without relative links", () => {
    const plain = "# Title\n\nA [site](https://example.com) and `[code](x.md)`.\n";
    expect(pageLinks(plain, "a.md")).toEqual([]);
    expect(rewritePageLinks(plain, "a.md", () => "/changed")).toBe(plain);
  });

  it("handles links inside tables, lists and emphasis, and a URL with parentheses", () => {
    const md = "| a | b |\n|---|---|\n| [x](x.md) | **[y](dir/y%20(1).md)** |\n\n- [ ] [task](t.md)\n";
    expect(pageLinks(md, "p/page.md").map((link) => link.zipPath)).toEqual(["p/x.md", "p/dir/y (1).md", "p/t.md"]);
    expect(rewritePageLinks(md, "p/page.md", (zipPath) => `/b/${zipPath.length}`)).toBe(
      "| a | b |\n|---|---|\n| [x](/b/6) | **[y](/b/14)** |\n\n- [ ] [task](/b/6)\n",
    );
  });
});
