import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { briefDocument, CHECKED_BY, editorUrl, qaCheckbox, qaPanel, qaRow, save, saveStatus, startEditing } from "./support/editor";
import { expectNoHorizontalScroll } from "./support/layout";
import { callMcpTool, newIdempotencyKey } from "./support/mcp";
import { pdfText } from "./support/pdf-text";
import { richContent } from "./support/sample-brief";
import { newPerson, signUp, type Person } from "./support/people";
import { createBrief, createProject } from "./support/projects";
import { createApiToken } from "./support/tokens";

const expectedHeadings = ["Goal", "Requirements", "Acceptance criteria", "Technical solution", "QA checklist", "Generated tickets", "Decisions", "Source artifacts"];

/** Messages in which the browser reports a Content-Security-Policy violation. */
function policyViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(message.text());
  });
  return found;
}

type Setup = { person: Person; token: string; projectId: string; briefId: string };

async function briefWrittenByAgent(page: Page, name: string, content: Record<string, unknown> = richContent): Promise<Setup> {
  const person = newPerson(name);
  await signUp(page, person);
  const token = await createApiToken(page, "Writer", ["brief:read", "brief:write"]);
  const projectId = await createProject(page, "Checkout");
  const briefId = await createBrief(page, projectId, "Guest checkout");
  await callMcpTool(page.request, token, "brief_update", { briefId, content, idempotencyKey: newIdempotencyKey() });
  return { person, token, projectId, briefId };
}

test("a brief opens as a document: title, state and version, sections with content in the contract's order, Markdown rendered, an outline that links to them", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const { projectId, briefId } = await briefWrittenByAgent(page, "Rea");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(editorUrl(projectId, briefId));

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guest checkout");
  await expect(page.getByTestId("brief-version")).toContainText("Version 2");
  // Read mode for an editor too: no form until Edit.
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await expect(saveStatus(page)).toHaveCount(0);

  const doc = briefDocument(page);
  await expect(doc.locator("h2")).toHaveText(expectedHeadings);
  // Empty sections are hidden, not shown as "not set".
  for (const hidden of ["Scope", "Out of scope", "Edge cases", "Design"]) await expect(doc.getByRole("heading", { name: hidden, exact: true })).toHaveCount(0);

  // Markdown: emphasis, a heading, a table, code, lists, and safe links.
  await expect(doc.locator("#doc-goal strong")).toHaveText("first-time buyers");
  // "### Why now" sits two levels under the section heading.
  await expect(doc.locator("#doc-goal h5")).toHaveText("Why now");
  await expect(doc.locator("#doc-goal table td").first()).toHaveText("Sign-up");
  await expect(doc.locator("#doc-goal code")).toHaveText("checkout.ts");
  await expect(doc.locator("#doc-technicalSolution li")).toHaveText(["Reuse the card form", "No session for guests"]);
  await expect(doc.locator("#doc-requirements li")).toHaveText(["A guest pays with a card.", "A receipt goes to the email address given."]);
  await expect(doc.locator("#doc-requirements li strong")).toHaveText("card");
  const funnel = doc.getByRole("link", { name: "the funnel" });
  await expect(funnel).toHaveAttribute("href", "https://example.com/funnel");
  await expect(funnel).toHaveAttribute("target", "_blank");
  await expect(funnel).toHaveAttribute("rel", "noopener noreferrer");
  // Criteria with their ids, tickets, decisions and links.
  await expect(doc.locator("#doc-acceptanceCriteria")).toContainText("AC-1Paying as a guest takes at most three steps.");
  await expect(doc.locator("#doc-acceptanceCriteria em")).toHaveText("three");
  await expect(doc.locator("#doc-acceptanceCriteria")).toContainText("Evidence: Legal review — docs/legal/receipt.pdf");
  await expect(doc.locator("#doc-generatedTickets")).toContainText("T-1Guest payment form");
  await expect(doc.locator("#doc-generatedTickets strong")).toHaveText("without");
  await expect(doc.locator("#doc-decisions")).toContainText("Stated · Source: Kick-off");
  await expect(doc.locator("#doc-sourceArtifactLinks").getByRole("link", { name: "Funnel analysis" })).toHaveAttribute("href", "https://example.com/analysis");

  // The outline lists the same sections, stays in view while scrolling, and jumps to them.
  const outline = page.getByRole("navigation", { name: "Contents" });
  await expect(outline.getByRole("link")).toHaveText(expectedHeadings);
  await page.mouse.wheel(0, 1500);
  await expect(outline).toBeInViewport();
  await outline.getByRole("link", { name: "Decisions" }).click();
  await expect(page).toHaveURL(/#doc-decisions$/);
  await expect(doc.getByRole("heading", { name: "Decisions" })).toBeInViewport();
  await expect(outline).toBeInViewport();
  expect(consoleErrors).toEqual([]);
});

test("hostile Markdown from an agent renders inert: no script, no handler, no javascript: or data: link, no SVG, no frame", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  const payloads = [
    "<script>window.__xss = 'script'; alert('script')</script>",
    '<img src=x onerror="window.__xss = \'img\'; alert(\'img\')">',
    "[click me](javascript:alert('link'))",
    "[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "<a href=\"javascript:alert('raw')\">raw anchor</a>",
    '<svg onload="alert(\'svg\')"><circle r="4"/></svg>',
    "![pixel](javascript:alert('image'))",
    "| cell | html |\n|---|---|\n| <b onmouseover=\"alert('td')\">bold</b> | <iframe src=\"javascript:alert('frame')\"></iframe> |",
    '<details open ontoggle="alert(\'toggle\')"><summary>x</summary></details>',
    '<style>body { display: none }</style><form action="https://evil.example"><input name="q"></form>',
  ];
  const { projectId, briefId, token } = await briefWrittenByAgent(page, "Xena", {
    goal: payloads.join("\n\n"),
    requirements: payloads,
    acceptanceCriteria: [{ id: "AC-1", text: payloads[1] }],
    testingQaChecklist: [{ text: '<img src=x onerror="alert(\'qa\')"> tick me', checked: false }],
    decisions: [{ text: payloads[5] }],
    sourceArtifactLinks: [{ label: payloads[2] }],
  });
  await callMcpTool(page.request, token, "brief_collection_append", { briefId, collection: "comments", item: { body: payloads.join("\n\n") }, idempotencyKey: newIdempotencyKey() });

  await page.goto(editorUrl(projectId, briefId));
  await expect(briefDocument(page).locator("h2")).toHaveText(["Goal", "Requirements", "Acceptance criteria", "QA checklist", "Decisions", "Source artifacts"]);
  await page.getByRole("tab", { name: /^Comments\b/ }).click();
  await expect(page.getByTestId("history").getByRole("tabpanel")).toContainText("click me");

  // Hover and click what an attacker would want touched.
  await briefDocument(page).getByText("bold").first().hover();
  await briefDocument(page).getByText("click me").first().click();
  await briefDocument(page).getByText("raw anchor").first().click();

  const found = await page.evaluate(() => {
    // The document and the comments as rendered (not the comment box around them, nor the page's own
    // proof controls inside the document: work-order, evidence and finding forms).
    const roots = [...document.querySelectorAll("[data-testid=brief-document], [data-testid=history-item]")];
    const all = roots.flatMap((root) => [...root.querySelectorAll("*")]).filter((el) => !el.closest("[data-proof-controls]"));
    return {
      elements: all.filter((el) => ["SCRIPT", "IMG", "SVG", "IFRAME", "STYLE", "FORM", "OBJECT", "EMBED", "DETAILS"].includes(el.tagName.toUpperCase())).map((el) => el.tagName),
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`)),
      badLinks: all.filter((el) => el.hasAttribute("href") || el.hasAttribute("src")).map((el) => el.getAttribute("href") ?? el.getAttribute("src") ?? "").filter((url) => !/^(https?:|mailto:|#|\/)/i.test(url)),
      xss: (window as unknown as { __xss?: string }).__xss,
      stillVisible: getComputedStyle(document.body).display,
    };
  });
  expect(found).toEqual({ elements: [], handlers: [], badLinks: [], xss: undefined, stillVisible: "block" });
  expect(dialogs).toEqual([]);
  // The raw HTML did not vanish silently either: the QA row's text is there as written around it.
  await expect(qaRow(page, "tick me")).toBeVisible();
});

test("QA ticks the checklist in read mode, with attribution; the progress shows on the brief and in the project list", async ({ page }) => {
  const { person, projectId, briefId } = await briefWrittenByAgent(page, "Quinn");
  await page.goto(editorUrl(projectId, briefId));
  await expect(qaPanel(page)).toContainText("0 of 2 checked");
  await expect(page.getByTestId("qa-summary")).toContainText("0 of 2 checked");

  await qaRow(page, "Pay with a test card as a guest").getByText("Pay with a test card as a guest").click();
  await expect(qaCheckbox(page, "Pay with a test card as a guest")).toBeChecked();
  await expect(qaRow(page, "Pay with a test card as a guest")).toContainText(CHECKED_BY(person.name));
  await expect(qaPanel(page)).toContainText("1 of 2 checked");
  await expect(page.getByTestId("qa-summary")).toContainText("1 of 2 checked");
  await expect(page.getByTestId("brief-version")).toContainText("Version 3");
  // Still reading: a tick is not an edit.
  await expect(page.getByRole("textbox")).toHaveCount(0);

  await page.reload();
  await expect(qaCheckbox(page, "Pay with a test card as a guest")).toBeChecked();
  await expect(qaRow(page, "Pay with a test card as a guest")).toContainText(CHECKED_BY(person.name));

  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole("list", { name: "Briefs" }).getByRole("link", { name: /Guest checkout/ }).getByTestId("brief-checklist-progress")).toHaveText("1 of 2 checked");
});

test("Edit opens the form (whole or at one section), Write | Preview shows the Markdown, and leaving with unsaved changes asks first", async ({ page }) => {
  const { projectId, briefId } = await briefWrittenByAgent(page, "Eddie");
  await page.goto(editorUrl(projectId, briefId));

  // One section: the form opens scrolled to it, the cursor in its first field.
  await page.getByRole("link", { name: "Edit Requirements" }).click();
  await expect(page).toHaveURL(`${editorUrl(projectId, briefId)}?mode=edit`);
  await expect(page.getByLabel("Requirement 1", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Requirement 1", { exact: true })).toBeInViewport();
  await expect(saveStatus(page)).toHaveText("All changes saved · version 2");

  // Write | Preview on a long text and on a list.
  const goal = page.getByLabel("Goal", { exact: true });
  await goal.fill("Guests pay **fast**.\n\n- one\n- two\n\n<img src=x onerror=alert(1)>");
  await page.getByRole("button", { name: "Preview Goal" }).click();
  await expect(goal).toBeHidden();
  const goalPreview = page.getByTestId("preview-goal");
  await expect(goalPreview.locator("strong")).toHaveText("fast");
  await expect(goalPreview.locator("li")).toHaveText(["one", "two"]);
  await expect(goalPreview.locator("img")).toHaveCount(0);
  await page.getByRole("button", { name: "Write Goal" }).click();
  await expect(goal).toBeVisible();
  await expect(goal).toHaveValue(/Guests pay \*\*fast\*\*/);
  await page.getByLabel("Requirement 2", { exact: true }).fill("Receipts link to [the order](https://example.com/o).");
  await page.getByRole("button", { name: "Preview Requirements" }).click();
  await expect(page.getByTestId("preview-requirements").getByRole("link", { name: "the order" })).toHaveAttribute("href", "https://example.com/o");
  await page.getByRole("button", { name: "Write Requirements" }).click();
  await expect(saveStatus(page)).toHaveText("Unsaved changes");

  // Back to reading with unsaved changes: asked, and "Keep editing" keeps everything.
  await page.getByRole("button", { name: "Done editing" }).click();
  const dialog = page.getByRole("dialog", { name: "Discard unsaved changes?" });
  await expect(dialog).toContainText("going back to reading");
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog).toBeHidden();
  await expect(goal).toHaveValue(/Guests pay/);

  // Leaving the page through a link of the app: asked too.
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await expect(dialog).toContainText("leaving this page");
  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(`${editorUrl(projectId, briefId)}?mode=edit`);

  // Closing the tab or reloading: the browser's own prompt.
  const beforeUnload = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const prompt = await beforeUnload;
  expect(prompt.type()).toBe("beforeunload");
  await prompt.dismiss();
  expect(page.isClosed()).toBe(false);

  // Save, then read again: the document shows the new text.
  await save(page, 3);
  await page.getByRole("button", { name: "Done editing" }).click();
  await expect(page).toHaveURL(editorUrl(projectId, briefId));
  await expect(briefDocument(page).locator("#doc-goal strong")).toHaveText("fast");
  await expect(briefDocument(page).locator("#doc-requirements").getByRole("link", { name: "the order" })).toBeVisible();

  // Discarding on the way out restores the saved text.
  await startEditing(page);
  await goal.fill("Typed and thrown away");
  await page.getByRole("button", { name: "Done editing" }).click();
  await dialog.getByRole("button", { name: "Discard changes" }).click();
  await expect(briefDocument(page).locator("#doc-goal")).toContainText("Guests pay fast.");
  await expect(briefDocument(page)).not.toContainText("Typed and thrown away");

  // And leaving by a link after confirming goes where the link pointed.
  await startEditing(page);
  await goal.fill("Typed, then left");
  await page.getByRole("link", { name: "Checkout", exact: true }).click();
  await dialog.getByRole("button", { name: "Discard changes" }).click();
  await expect(page).toHaveURL(`/projects/${projectId}`);
});

test("an agent's change shows in read mode within seconds, without a reload", async ({ page }) => {
  const { projectId, briefId, token } = await briefWrittenByAgent(page, "Liv");
  await page.goto(editorUrl(projectId, briefId));
  await expect(briefDocument(page).locator("h2")).toHaveText(expectedHeadings);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await callMcpTool(page.request, token, "brief_update", {
    briefId,
    content: { ...richContent, scope: "Only **card** payments.", decisions: [] },
    ifVersionNum: 2,
    idempotencyKey: newIdempotencyKey(),
  });
  await expect(briefDocument(page).locator("#doc-scope strong")).toHaveText("card", { timeout: 6_000 });
  await expect(briefDocument(page).locator("h2")).toHaveText(["Goal", "Scope", "Requirements", "Acceptance criteria", "Technical solution", "QA checklist", "Generated tickets", "Source artifacts"]);
  await expect(page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Scope" })).toBeVisible();
  await expect(page.getByTestId("brief-version")).toContainText("Version 3");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("Download Markdown gives the brief_export document as a file, also for an earlier version, under the CSP", async ({ page }) => {
  const violations = policyViolations(page);
  const { projectId, briefId } = await briefWrittenByAgent(page, "Dana");
  await page.goto(editorUrl(projectId, briefId));

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Markdown" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("guest-checkout-v2.md");
  const markdown = fs.readFileSync(await download.path(), "utf8");
  expect(markdown.startsWith("# Guest checkout\n\n- **Project:** Checkout\n- **State:** Drafting\n- **Version:** 2\n")).toBe(true);
  // The export writes every section the content has, empty ones too, so an import gives them back;
  // read mode shows only those with content.
  expect([...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(["Goal", "Scope", "Out of scope", "Requirements", "Edge cases", ...expectedHeadings.slice(2)]);
  expect(markdown).toContain("- [ ] Pay with a test card as a guest");
  expect(markdown).toContain("- **AC-1** Paying as a guest takes at most _three_ steps.");

  const first = await page.request.get(`${editorUrl(projectId, briefId)}/export?version=1`);
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(first.headers()["content-disposition"]).toBe(`attachment; filename="guest-checkout-v1.md"; filename*=UTF-8''guest-checkout-v1.md`);
  expect(first.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect(await first.text()).toContain("- **Version:** 1");

  const missing = await page.request.get(`${editorUrl(projectId, briefId)}/export?version=9`);
  expect(missing.status()).toBe(400);
  expect((await missing.json()).error.code).toBe("VALIDATION_ERROR");
  expect((await page.request.get(`${editorUrl(projectId, briefId)}/export?version=first`)).status()).toBe(400);
  // Under another project's URL, or for someone signed out, nothing is given away.
  const wrongProject = await page.request.get(`${editorUrl(await createProject(page, "Elsewhere"), briefId)}/export`);
  expect(wrongProject.status()).toBe(404);
  expect((await wrongProject.json()).error.code).toBe("PROJECT_ACCESS_DENIED");
  const anonymous = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await anonymous.request.get(`${editorUrl(projectId, briefId)}/export`)).status()).toBe(401);
  await anonymous.close();
  expect(violations).toEqual([]);
});

test("Print / Save as PDF prints the document only: no navigation, buttons or panels, headings kept with their text", async ({ page }) => {
  const violations = policyViolations(page);
  const { projectId, briefId } = await briefWrittenByAgent(page, "Pria");
  await page.goto(editorUrl(projectId, briefId));
  await expect(briefDocument(page).locator("h2")).toHaveText(expectedHeadings);

  // The button calls the browser's print (stubbed here: headless Chromium has no print dialog).
  await page.evaluate(() => {
    window.print = () => Object.assign(window, { __printed: true });
  });
  await page.getByRole("button", { name: "Print / Save as PDF" }).click();
  expect(await page.evaluate(() => (window as unknown as { __printed?: boolean }).__printed)).toBe(true);

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("brief-version")).toBeVisible();
  await expect(briefDocument(page)).toBeVisible();
  for (const hidden of [
    page.getByRole("navigation", { name: "Main" }),
    page.getByRole("navigation", { name: "Breadcrumb" }),
    page.getByRole("navigation", { name: "Contents" }),
    page.getByRole("link", { name: "Edit", exact: true }),
    page.getByRole("link", { name: "Edit Goal" }),
    page.getByRole("link", { name: "Download Markdown" }),
    page.getByRole("button", { name: "Print / Save as PDF" }),
    page.getByTestId("lifecycle"),
    page.getByTestId("qa-summary"),
    page.getByTestId("history"),
  ]) {
    await expect(hidden).toBeHidden();
  }
  const breaks = await page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector("#doc-goal-heading")!.parentElement!).breakAfter,
    row: getComputedStyle(document.querySelector("[data-testid=qa-row]")!).breakInside,
  }));
  expect(breaks).toEqual({ heading: "avoid", row: "avoid" });

  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  const text = pdfText(pdf).replace(/\s+/g, " ");
  for (const expected of ["Guest checkout", "Version 2", ...expectedHeadings, "A guest pays with a card.", "AC-1", "Pay with a test card as a guest", "Guest payment form"]) {
    expect(text).toContain(expected);
  }
  for (const absent of ["Download Markdown", "Print / Save as PDF", "Sign out", "Lifecycle", "History and activity", "Contents", "Projects"]) {
    expect(text).not.toContain(absent);
  }
  expect(violations).toEqual([]);
});

test("on a phone the document comes first, the outline is collapsed, and the panels follow", async ({ page }) => {
  const { projectId, briefId } = await briefWrittenByAgent(page, "Phil");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(editorUrl(projectId, briefId));
  await expect(briefDocument(page).locator("h2")).toHaveText(expectedHeadings);
  await expectNoHorizontalScroll(page);

  const contents = page.getByTestId("outline-disclosure");
  await expect(contents).toBeVisible();
  await expect(contents).not.toHaveAttribute("open");
  await expect(page.getByRole("navigation", { name: "Contents" })).toBeHidden();
  const top = async (locator: ReturnType<Page["getByTestId"]>) => (await locator.boundingBox())!.y;
  expect(await top(briefDocument(page))).toBeLessThan(await top(page.getByTestId("lifecycle")));
  expect(await top(page.getByTestId("lifecycle"))).toBeLessThan(await top(page.getByTestId("history")));

  await contents.getByText("Contents").click();
  const outline = page.getByRole("navigation", { name: "Contents" });
  await expect(outline.getByRole("link")).toHaveText(expectedHeadings);
  await outline.getByRole("link", { name: "QA checklist" }).click();
  await expect(page).toHaveURL(/#doc-testingQaChecklist$/);
  await expect(contents).not.toHaveAttribute("open");
  await expect(qaCheckbox(page, "Pay with a test card as a guest")).toBeInViewport();
});
