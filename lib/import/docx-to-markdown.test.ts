import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { googleDocsStyleDocx } from "@/tests/fixtures/import/google-docs-style-docx";
import { esc, minimalDocx } from "@/tests/fixtures/import/ooxml-package";
import { deflatedBody, rawZip } from "@/tests/fixtures/import/raw-zip";
import { wordStyleDocx } from "@/tests/fixtures/import/word-style-docx";
import { docxToMarkdown } from "./docx-to-markdown";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/import");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));

const run = (text: string, props = "") => `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const para = (content: string, props = "") => `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ""}${content}</w:p>`;
const inList = (numId: number, level: number) => `<w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr>`;

async function refusal(bytes: Uint8Array): Promise<string> {
  const error = await docxToMarkdown(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "file" }] } });
  return (error as { details: { issues: { message: string }[] } }).details.issues[0].message;
}

describe("a Word document as Markdown", () => {
  it("keeps what Word wrote: title, headings, nested lists, table, bold, italic, link and content-control checkboxes", async () => {
    const { markdown, warnings } = await docxToMarkdown(fixture("word-style.docx"));
    expect(markdown).toBe(
      [
        "# Checkout redesign",
        "",
        "# Problem",
        "",
        "Customers abandon **carts** at the *payment* step; see the [analytics dashboard](https://analytics.example.com/checkout?range=30d\\&step=payment).",
        "",
        "## Goals",
        "",
        "- Fewer steps",
        "  - One page for address and payment",
        "- Clear errors",
        "",
        "## Rollout",
        "",
        "1. Beta for staff",
        "   1. Internal shop only",
        "2. General availability",
        "",
        "# Requirements",
        "",
        "| ID | Requirement                   | Priority |",
        "| -- | ----------------------------- | -------- |",
        "| R1 | Pay with a saved card         | Must     |",
        "| R2 | Show errors next to the field | Should   |",
        "",
        "# Acceptance",
        "",
        "- [x] Card errors are shown next to the field",
        "- [ ] Address autocomplete works offline",
        "",
        "### Later",
        "",
        "- [ ] Gift cards",
        "",
      ].join("\n"),
    );
    expect(warnings).toEqual(["The document's 1 image was left out: import keeps text only from Word files."]);
  });

  it("keeps what Google Docs wrote, its checklist bullets becoming task items without the strike on ticked ones", async () => {
    const { markdown, warnings } = await docxToMarkdown(fixture("google-docs-style.docx"));
    expect(markdown).toBe(
      [
        "# Onboarding flow",
        "",
        "Owner: Priya · Draft",
        "",
        "# Summary",
        "",
        "New users reach their first **workspace** in under a *minute*; background in the [research notes](https://docs.example.com/research/onboarding).",
        "",
        "## Steps",
        "",
        "- Sign up",
        "  - Email or Google account",
        "- Create a workspace",
        "",
        "1. Invite the team",
        "2. Pick a template",
        "   1. Blank is the default",
        "",
        "## Checklist",
        "",
        "- [ ] Welcome email is sent",
        "- [x] Sign-up form validates email",
        "- [ ] Empty states explain the next step",
        "",
        "## Owners",
        "",
        "| Area      | Owner |",
        "| --------- | ----- |",
        "| Sign-up   | Priya |",
        "| Workspace | Tomás |",
        "",
      ].join("\n"),
    );
    expect(warnings).toEqual(["The document's 1 image was left out: import keeps text only from Word files."]);
  });

  it("reads the committed fixtures exactly as their generator writes them", () => {
    expect(fixture("word-style.docx")).toEqual(wordStyleDocx());
    expect(fixture("google-docs-style.docx")).toEqual(googleDocsStyleDocx());
  });

  it("turns typed ☐/☒/☑ boxes at the start of paragraphs or list items into task items, bold or not", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/><w:lvlText w:val="◦"/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
    const body = [
      para(run("Before")),
      para(run("☐ Write the copy")),
      para(run("☒", "<w:b/>") + run(" Pick the colours", "<w:b/>")),
      para(run("☑\u00a0Ship it")),
      para(run("☐ ") + run("Dropped, not done", '<w:strike w:val="1"/>')),
      para(run("After ☐ is not a box")),
      para(run("Plain item"), inList(1, 0)),
      para(run("☐ Nested task"), inList(1, 1)),
    ].join("");
    const { markdown } = await docxToMarkdown(minimalDocx(body, numbering));
    expect(markdown).toBe(
      ["Before", "", "- [ ] Write the copy", "- [x] **Pick the colours**", "- [x] Ship it", "- [ ] ~~Dropped, not done~~", "", "After ☐ is not a box", "", "- Plain item", "  - [ ] Nested task", ""].join("\n"),
    );
  });

  it("takes a checklist item struck through as a whole for ticked, even under an open box", async () => {
    const numbering = `<w:abstractNum w:abstractNumId="3"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="&#9744;"/></w:lvl></w:abstractNum><w:num w:numId="3"><w:abstractNumId w:val="3"/></w:num>`;
    const body = [
      para(run("Draft the plan", '<w:strike w:val="1"/>'), inList(3, 0)),
      para(run("Review ") + run("it", '<w:strike w:val="1"/>'), inList(3, 0)),
    ].join("");
    expect((await docxToMarkdown(minimalDocx(body, numbering))).markdown).toBe("- [x] Draft the plan\n- [ ] Review ~~it~~\n");
  });

  it("finds headings by Word's built-in style names, whatever language the style ids are in", async () => {
    // German Word: the ids are translated, the built-in names are not.
    const styles =
      `<w:style w:type="paragraph" w:styleId="Titel"><w:name w:val="Title"/></w:style>` +
      `<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>` +
      `<w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/></w:style>`;
    const body = [para(run("Anmeldung"), '<w:pStyle w:val="Titel"/>'), para(run("Ziele"), '<w:pStyle w:val="berschrift1"/>'), para(run("Schritte"), '<w:pStyle w:val="berschrift2"/>')].join("");
    expect((await docxToMarkdown(minimalDocx(body, undefined, styles))).markdown).toBe("# Anmeldung\n\n# Ziele\n\n## Schritte\n");
  });

  it("reads Word's older form-field checkboxes too", async () => {
    const formCheckbox = (checked: boolean) =>
      `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Check1"/><w:enabled/><w:checkBox><w:sizeAuto/><w:default w:val="${checked ? 1 : 0}"/></w:checkBox></w:ffData></w:fldChar></w:r>` +
      `<w:r><w:instrText xml:space="preserve"> FORMCHECKBOX </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const body = para(formCheckbox(true) + run(" Signed off")) + para(formCheckbox(false) + run(" Translated"));
    expect((await docxToMarkdown(minimalDocx(body))).markdown).toBe("- [x] Signed off\n- [ ] Translated\n");
  });

  it("drops images with a warning that counts them, and says nothing when there are none", async () => {
    expect((await docxToMarkdown(minimalDocx(para(run("Just text"))))).warnings).toEqual([]);
    const { warnings } = await docxToMarkdown(fixture("word-style.docx"));
    expect(warnings[0]).toMatch(/1 image was left out/);
  });
});

describe("refusing a Word document", () => {
  it("that is cut short or not a ZIP", async () => {
    const whole = fixture("word-style.docx");
    expect(await refusal(whole.subarray(0, whole.length / 2))).toMatch(/^The Word document cannot be read: /);
    expect(await refusal(new TextEncoder().encode("not a document"))).toMatch(/^The Word document cannot be read: /);
  });

  it("whose main part is missing or is not WordprocessingML", async () => {
    expect(await refusal(zipSync({ "a.txt": new TextEncoder().encode("x") }))).toMatch(/has no word\/document\.xml/);
    const broken = zipSync({ "word/document.xml": new TextEncoder().encode("<not-closed") });
    expect(await refusal(broken)).toMatch(/damaged or not a Word document/);
  });

  it("that holds a compressed bomb, before anything unpacks it whole", async () => {
    const zip = rawZip([{ name: "word/document.xml", ...deflatedBody(new Uint8Array(100 * 1024 * 1024)) }]);
    expect(await refusal(zip)).toMatch(/“word\/document\.xml” unpacks to more than 100 times its compressed size/);
  });
});
