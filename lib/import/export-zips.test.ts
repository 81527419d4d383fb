import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NOTION_IDS, confluenceExportZip, notionExportZip } from "@/tests/fixtures/import/export-zips";
import { pageLinks, rewritePageLinks } from "./page-links";
import { readPagesZip, stripNotionId } from "./read-pages-zip";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/import", name)));
const { product, roadmap, launch } = NOTION_IDS;

describe("a Notion export", () => {
  const zip = readPagesZip(fixture("notion-export.zip"));

  it("is the file its generator writes", () => {
    expect(fixture("notion-export.zip")).toEqual(notionExportZip());
  });

  it("gives its pages, read from the part ZIP inside it, titled without Notion's ids, and its image", () => {
    expect(zip.pages.map(({ path, title }) => ({ path, title }))).toEqual([
      { path: `Product ${product}.md`, title: "Product" },
      { path: `Product ${product}/Roadmap ${roadmap}.md`, title: "Roadmap" },
      { path: `Product ${product}/Launch plan ${launch}.md`, title: "Launch plan" },
    ]);
    expect(zip.files.map(({ path, mediaType }) => ({ path, mediaType }))).toEqual([{ path: `Product ${product}/Roadmap ${roadmap}/checkout-flow.png`, mediaType: "image/png" }]);
    expect(zip.ignored).toEqual([]);
    expect(zip.pages[1].path.split("/").map(stripNotionId)).toEqual(["Product", "Roadmap.md"]);
  });

  it("links its pages and image by percent-encoded paths that all resolve to entries of the ZIP", () => {
    const entries = new Set([...zip.pages.map((page) => page.path), ...zip.files.map((file) => file.path)]);
    const links = zip.pages.flatMap((page) => pageLinks(page.markdown, page.path));
    expect(links).toHaveLength(6);
    for (const link of links) expect(entries, link.url).toContain(link.zipPath);
  });

  it("has its links rewritten to where the import puts each page and image", () => {
    const page = zip.pages[1];
    const targets = new Map<string, string>([
      [`Product ${product}.md`, "/briefs/product"],
      [`Product ${product}/Launch plan ${launch}.md`, "/briefs/launch-plan"],
      [`Product ${product}/Roadmap ${roadmap}/checkout-flow.png`, "/files/checkout-flow.png"],
    ]);
    const rewritten = rewritePageLinks(page.markdown, page.path, (zipPath) => targets.get(zipPath) ?? null);
    expect(rewritten).toContain("![Checkout flow](/files/checkout-flow.png)");
    expect(rewritten).toContain("See the [Launch plan](/briefs/launch-plan) and the [product home](/briefs/product).");
    expect(rewritten.replace("/files/checkout-flow.png", "").replace("/briefs/launch-plan", "").replace("/briefs/product", "")).toBe(
      page.markdown.replace(`Roadmap%20${roadmap}/checkout-flow.png`, "").replace(`Launch%20plan%20${launch}.md`, "").replace(`../Product%20${product}.md`, ""),
    );
  });
});

describe("a Confluence export", () => {
  const zip = readPagesZip(fixture("confluence-export.zip"));

  it("is the file its generator writes", () => {
    expect(fixture("confluence-export.zip")).toEqual(confluenceExportZip());
  });

  it("gives its pages titled by their headings, its attachment and icon, and leaves out its stylesheet", () => {
    expect(zip.pages.map(({ path, title }) => ({ path, title }))).toEqual([
      { path: "DOCS/index.md", title: "DOCS : Product documentation" },
      { path: "DOCS/Checkout-flow_65601.md", title: "DOCS : Checkout flow" },
      { path: "DOCS/Payments-API_65602.md", title: "DOCS : Payments API" },
    ]);
    expect(zip.files.map(({ path, mediaType }) => [path, mediaType])).toEqual([
      ["DOCS/attachments/65601/98305.png", "image/png"],
      ["DOCS/images/icons/bullet_blue.gif", "image/gif"],
    ]);
    expect(zip.ignored).toEqual([{ path: "DOCS/styles/site.css", reason: expect.stringContaining("Not a Markdown page") }]);
  });

  it("links pages and attachments by paths that all resolve to entries of the ZIP", () => {
    const entries = new Set([...zip.pages.map((page) => page.path), ...zip.files.map((file) => file.path)]);
    const checkout = pageLinks(zip.pages[1].markdown, zip.pages[1].path);
    expect(checkout.map((link) => [link.kind, link.zipPath])).toEqual([
      ["link", "DOCS/index.md"],
      ["image", "DOCS/attachments/65601/98305.png"],
      ["link", "DOCS/Payments-API_65602.md"],
      ["image", "DOCS/images/icons/bullet_blue.gif"],
      ["link", "DOCS/attachments/65601/98305.png"],
    ]);
    for (const link of zip.pages.flatMap((page) => pageLinks(page.markdown, page.path))) expect(entries).toContain(link.zipPath);
  });
});
