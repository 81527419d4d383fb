import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fileRefusal } from "@/tests/support/file-refusal";
import { decodeImportFile } from "./decode-import-file";
import { MAX_IMPORT_FILE_BYTES } from "./import-limits";

const text = (value: string) => new TextEncoder().encode(value);
const docx = zipSync({ "[Content_Types].xml": text("<Types/>"), "word/document.xml": text("<w:document/>") });


describe("telling an upload apart", () => {
  it("reads Markdown and text files as UTF-8, without a byte order mark", () => {
    expect(decodeImportFile("Spec.md", text("# Spec ✓\n"))).toEqual({ kind: "markdown", text: "# Spec ✓\n" });
    expect(decodeImportFile("notes.MARKDOWN", text("\ufeff# Notes"))).toEqual({ kind: "markdown", text: "# Notes" });
    expect(decodeImportFile("plain.txt", text("plain"))).toEqual({ kind: "markdown", text: "plain" });
  });

  it("passes Word documents and ZIPs on as bytes", () => {
    expect(decodeImportFile("Brief.docx", docx)).toEqual({ kind: "docx", bytes: docx });
    const zip = zipSync({ "a.md": text("# A") });
    expect(decodeImportFile("Export.ZIP", zip)).toEqual({ kind: "zip", bytes: zip });
  });

  it(`refuses a file over ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB, saying the limit, and takes one of exactly that size`, () => {
    expect(fileRefusal(() => decodeImportFile("big.md", new Uint8Array(MAX_IMPORT_FILE_BYTES + 1).fill(0x61)))).toBe(
      "The file “big.md” is 10,485,761 bytes; the limit is 10 MB (10,485,760 bytes).",
    );
    expect(decodeImportFile("big.md", new Uint8Array(MAX_IMPORT_FILE_BYTES).fill(0x61)).kind).toBe("markdown");
  });

  it("refuses text that is not UTF-8, or not text at all, naming the file", () => {
    expect(fileRefusal(() => decodeImportFile("latin1.md", new Uint8Array([0x43, 0x61, 0x66, 0xe9])))).toMatch(/“latin1\.md”.*not valid UTF-8/);
    expect(fileRefusal(() => decodeImportFile("utf16.txt", new Uint8Array([0xff, 0xfe, 0x23, 0x00])))).toMatch(/“utf16\.txt”.*UTF-16/);
    expect(fileRefusal(() => decodeImportFile("image.md", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])))).toMatch(/“image\.md”.*binary file/);
    expect(fileRefusal(() => decodeImportFile("report.md", text("%PDF-1.7\n%âãÏÓ")))).toMatch(/“report\.md” is a PDF/);
    expect(fileRefusal(() => decodeImportFile("export.md", zipSync({ "a.md": text("x") })))).toMatch(/“export\.md” is a ZIP archive or a Word document/);
    expect(fileRefusal(() => decodeImportFile("brief.txt", docx))).toMatch(/real extension/);
  });

  it("refuses a .docx that is not a Word document", () => {
    expect(fileRefusal(() => decodeImportFile("Brief.docx", text("# Markdown really")))).toMatch(/“Brief\.docx” is not a Word document \(\.docx\)/);
    const oldWord = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(fileRefusal(() => decodeImportFile("Old.docx", oldWord))).toMatch(/older Word document \(\.doc\) or a password-protected one/);
    expect(fileRefusal(() => decodeImportFile("Pages.docx", zipSync({ "a.md": text("x") })))).toMatch(/has no word\/document\.xml/);
    expect(fileRefusal(() => decodeImportFile("Cut.docx", docx.subarray(0, 40)))).toMatch(/“Cut\.docx” is not a readable Word document/);
  });

  it("refuses a .zip that is not a ZIP", () => {
    expect(fileRefusal(() => decodeImportFile("Export.zip", text("hello")))).toMatch(/“Export\.zip” is not a ZIP archive/);
  });

  it("refuses other kinds of file, listing the ones it accepts", () => {
    for (const name of ["Spec.pdf", "notes.rtf", "Brief.doc", "README"]) {
      expect(fileRefusal(() => decodeImportFile(name, text("x")))).toMatch(/accepts \.md, \.markdown, \.txt, \.docx or \.zip files\.$/);
    }
    expect(fileRefusal(() => decodeImportFile("Spec.pdf", text("x")))).toBe("The file “Spec.pdf” is a .pdf file; import accepts .md, .markdown, .txt, .docx or .zip files.");
  });

  it("goes by the base name when the name carries a folder", () => {
    expect(decodeImportFile("C:\\fakepath\\Spec.md", text("x"))).toEqual({ kind: "markdown", text: "x" });
    expect(fileRefusal(() => decodeImportFile("exports.v2/README", text("x")))).toBe(
      "The file “README” has no extension; import accepts .md, .markdown, .txt, .docx or .zip files.",
    );
  });

  it("refuses an empty file", () => {
    expect(fileRefusal(() => decodeImportFile("empty.md", new Uint8Array()))).toBe("The file “empty.md” is empty.");
  });
});
