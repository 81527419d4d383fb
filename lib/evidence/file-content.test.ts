import { describe, expect, it } from "vitest";
import { bytesMatchType, checkFile } from "./file-content";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("a file's type from its bytes", () => {
  it.each([
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "image/png", true],
    [bytes(0x89, 0x50, 0x4e, 0x47), "image/png", false],
    [bytes(0xff, 0xd8, 0xff, 0xe0), "image/jpeg", true],
    [bytes(0xff, 0xd8), "image/jpeg", false],
    [new TextEncoder().encode("%PDF-1.7\n"), "application/pdf", true],
    [new TextEncoder().encode(" %PDF-1.7\n"), "application/pdf", false],
    [new TextEncoder().encode("naïve ✓ text\r\n"), "text/plain", true],
    [bytes(0x61, 0x00, 0x62), "text/csv", false],
    [bytes(0xed, 0xa0, 0x80), "text/markdown", false],
    [bytes(0xef, 0xbb, 0xbf, 0x61), "text/plain", true],
  ] as const)("%#: %s as %s → %s", (value, mediaType, expected) => {
    expect(bytesMatchType(value, mediaType)).toBe(expected);
  });

  it("knows the size from the base64 before decoding, and refuses anything but padded standard base64", () => {
    const file = (base64: string) => ({ name: "a.txt", mediaType: "text/plain" as const, base64 });
    expect(checkFile(file("YWJj"), 3)).toMatchObject({ size: 3, sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" });
    expect(checkFile(file("YWI="), 2).size).toBe(2);
    expect(() => checkFile(file("YWJj"), 2)).toThrow(expect.objectContaining({ details: { issues: [expect.objectContaining({ path: "file.base64" })] } }));
    for (const bad of ["YWJ", "YW=j", "YWJj\n", "YW-_", "Y===", "YWJj===="]) {
      expect(() => checkFile(file(bad), 10), bad).toThrow(expect.objectContaining({ code: "VALIDATION_ERROR" }));
    }
  });
});
