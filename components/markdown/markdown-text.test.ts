import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownText, safeUrl } from "./markdown-text";

const render = (text: string) => renderToStaticMarkup(createElement(MarkdownText, { text }));

/** The rendered DOM is checked in a browser by the e2e specs; this pins the markup the server sends. */
describe("the Markdown renderer", () => {
  it("renders CommonMark with GitHub tables and task lists", () => {
    const html = render("## Plan\n\n**bold** and `code`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] open");
    // Section text sits under the section heading (h2), so its own headings start at h3.
    expect(html).toContain("<h4>Plan</h4>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<td>1</td>");
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled="" checked=""/> done</li>');
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>"],
    ["an onerror image", '<img src=x onerror="alert(1)">'],
    ["an SVG with onload", '<svg onload="alert(1)"><circle /></svg>'],
    ["HTML in a table cell", "| a |\n|---|\n| <img src=x onerror=alert(1)> |"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>'],
  ])("never turns %s into an element", (_, payload) => {
    const html = render(payload);
    expect(html).not.toMatch(/<(script|img|svg|iframe)\b/i);
    expect(html).not.toMatch(/\son\w+=/i);
  });

  it.each(["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)"])(
    "drops the link target %s",
    (url) => {
      const html = render(`[click](${url}) and ![pic](${url})`);
      expect(html).not.toContain("href=\"" + url);
      expect(html.toLowerCase()).not.toMatch(/href="(javascript|data|vbscript):/);
      expect(safeUrl(url)).toBeNull();
    },
  );

  it("opens links in a new tab without handing over the opener or referrer, and shows images as links", () => {
    const html = render("[docs](https://example.com/a) ![diagram](https://example.com/d.png)");
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">docs</a>');
    expect(html).toContain('<a href="https://example.com/d.png" target="_blank" rel="noopener noreferrer">Image: diagram</a>');
    expect(html).not.toContain("<img");
  });

  it("shows an image the app keeps with the brief, and only that, as an image", () => {
    const stored = "/api/mcp/files/0196f2a0-7c1e-7cc0-8e3a-2b1f0a9d4c11";
    const html = render(`![roadmap](${stored}) ![far](https://evil.example${stored}) ![near](${stored}/../x)`);
    expect(html).toContain(`<img src="${stored}" alt="roadmap" loading="lazy"`);
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain("Image: far");
  });
});
