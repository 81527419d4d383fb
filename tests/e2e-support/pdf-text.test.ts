import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfText } from "@/e2e/support/pdf-text";

/** A one-page PDF shaped like Chromium's: a Type0 font with a ToUnicode map and a Flate content stream. */
function tinyPdf(content: string, cmap: string): Buffer {
  const stream = (body: string, compress: boolean) => {
    const data = compress ? zlib.deflateSync(Buffer.from(body, "latin1")) : Buffer.from(body, "latin1");
    return Buffer.concat([Buffer.from(`<</Length ${data.length}${compress ? " /Filter /FlateDecode" : ""}>> stream\n`), data, Buffer.from("\nendstream\n")]);
  };
  return Buffer.concat([
    Buffer.from("%PDF-1.4\n1 0 obj\n<</Type /Catalog /Pages 2 0 R>>\nendobj\n"),
    Buffer.from("2 0 obj\n<</Type /Pages /Count 1 /Kids [3 0 R]>>\nendobj\n"),
    Buffer.from("3 0 obj\n<</Type /Page /Resources <</Font <</F4 4 0 R>>>> /Contents 5 0 R /Parent 2 0 R>>\nendobj\n"),
    Buffer.from("4 0 obj\n<</Type /Font /Subtype /Type0 /Encoding /Identity-H /ToUnicode 6 0 R>>\nendobj\n"),
    Buffer.from("5 0 obj\n"),
    stream(content, true),
    Buffer.from("endobj\n6 0 obj\n"),
    stream(cmap, false),
    Buffer.from("endobj\ntrailer\n<</Root 1 0 R>>\n%%EOF\n"),
  ]);
}

describe("reading the text of a printed PDF", () => {
  it("decodes glyphs through the font's ToUnicode map, joining runs of one line and breaking between lines", () => {
    const cmap = "beginbfchar\n<0003> <0020>\n<0010> <00FC>\n<0011> <FB01>\nendbfchar\nbeginbfrange\n<0020> <0022> <0061>\n<0030> <0031> [<0048> <0069>]\nendbfrange";
    const line = (y: number, shown: string) => `BT\n/F4 12 Tf\n1 0 0 -1 8 ${y} Tm\n${shown}\nET\n`;
    const content = line(38, "<0030> Tj 5 0 Td <0031> Tj") + line(38, "<0003> Tj <0011> Tj") + line(60, "[<0020> -10 <00210003> 4 <00220010>] TJ");
    expect(pdfText(tinyPdf(content, cmap))).toBe("\nHi fi\nab cü");
  });
});
