import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { fileRefusal } from "@/tests/support/file-refusal";
import { deflatedBody, rawZip, type RawEntry } from "@/tests/fixtures/import/raw-zip";
import { MAX_ZIP_ENTRIES, MAX_ZIP_UNPACKED_BYTES, RATIO_CHECKED_ABOVE_BYTES } from "./import-limits";
import { readPagesZip, stripNotionId } from "./read-pages-zip";

const text = (value: string) => new TextEncoder().encode(value);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const GIF = text("GIF89a\x01\x00\x01\x00");
const WEBP = new Uint8Array([...text("RIFF"), 4, 0, 0, 0, ...text("WEBPVP8 ")]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);


describe("the pages and images of a ZIP", () => {
  it("reads Markdown pages with their titles, keeps images by their bytes, and says why the rest is left out", () => {
    const zip = zipSync({
      "Notes 0123456789abcdef0123456789abcdef/Roadmap 0123456789abcdef0123456789abcdef.md": text("Intro line\n\n# Roadmap for Q3\n\nText"),
      "Notes 0123456789abcdef0123456789abcdef/Untitled 89abcdef0123456789abcdef01234567.md": text("No heading here\n\n## Only a second level"),
      "fenced.md": text("```\n# not a heading\n```\n"),
      "img/diagram.png": PNG,
      "img/photo.bin": JPEG,
      "img/anim.gif": GIF,
      "img/pic.webp": WEBP,
      "img/fake.png": text("not really a png"),
      "img/logo.svg": text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "styles/site.css": text("body{}"),
      "__MACOSX/._Roadmap.md": new Uint8Array([0, 5, 22, 7]),
    });
    const { pages, files, ignored } = readPagesZip(zip);
    expect(pages.map(({ path, title }) => ({ path, title }))).toEqual([
      { path: "Notes 0123456789abcdef0123456789abcdef/Roadmap 0123456789abcdef0123456789abcdef.md", title: "Roadmap for Q3" },
      { path: "Notes 0123456789abcdef0123456789abcdef/Untitled 89abcdef0123456789abcdef01234567.md", title: "Untitled" },
      { path: "fenced.md", title: "fenced" },
    ]);
    expect(pages[0].markdown).toBe("Intro line\n\n# Roadmap for Q3\n\nText");
    expect(files.map(({ path, mediaType }) => [path, mediaType])).toEqual([
      ["img/diagram.png", "image/png"],
      ["img/photo.bin", "image/jpeg"],
      ["img/anim.gif", "image/gif"],
      ["img/pic.webp", "image/webp"],
    ]);
    expect(files[0].bytes).toEqual(PNG);
    expect(ignored).toEqual([
      { path: "img/fake.png", reason: expect.stringContaining("Not a Markdown page") },
      { path: "img/logo.svg", reason: expect.stringContaining("SVG images are not kept") },
      { path: "styles/site.css", reason: expect.stringContaining("Not a Markdown page") },
      { path: "__MACOSX/._Roadmap.md", reason: expect.stringContaining("macOS") },
    ]);
  });

  it("takes the title from the top of a long page, and the file name when the heading comes too late", () => {
    const filler = "Words and more words.\n\n".repeat(4_000);
    const { pages } = readPagesZip(zipSync({ "early.md": text(`# Early\n\n${filler}`), "late.md": text(`${filler}# Late\n`) }));
    expect(pages.map((page) => page.title)).toEqual(["Early", "late"]);
  });

  it("strips Notion's 32-hex-digit id from page and folder names, and nothing else", () => {
    expect(stripNotionId("Roadmap 0123456789abcdef0123456789abcdef.md")).toBe("Roadmap.md");
    expect(stripNotionId("Projects 0123456789ABCDEF0123456789abcdef")).toBe("Projects");
    expect(stripNotionId("Release 2.1 0123456789abcdef0123456789abcdef.md")).toBe("Release 2.1.md");
    expect(stripNotionId("Roadmap 0123456789abcdef.md")).toBe("Roadmap 0123456789abcdef.md");
    expect(stripNotionId("Roadmap0123456789abcdef0123456789abcdef.md")).toBe("Roadmap0123456789abcdef0123456789abcdef.md");
  });

  it("reads a ZIP inside the ZIP into the folder it sits in, and leaves a third level unread", () => {
    const innermost = zipSync({ "deep.md": text("# Deep") });
    const inner = zipSync({ "Space/Page.md": text("# Inner page"), "Space/pic.png": PNG, "again.zip": innermost });
    const outer = zipSync({ "top.md": text("# Top"), "exports/Part-1.zip": inner });
    const { pages, files, ignored } = readPagesZip(outer);
    expect(pages.map((page) => [page.path, page.title])).toEqual([
      ["top.md", "Top"],
      ["exports/Space/Page.md", "Inner page"],
    ]);
    expect(files.map((file) => file.path)).toEqual(["exports/Space/pic.png"]);
    expect(ignored).toEqual([{ path: "exports/again.zip", reason: expect.stringContaining("not read") }]);
  });

  it("keeps the first of two entries with the same path", () => {
    const zip = rawZip([
      { name: "page.md", data: text("# First") },
      { name: "./page.md", data: text("# Second") },
    ]);
    const { pages, ignored } = readPagesZip(zip);
    expect(pages.map((page) => page.title)).toEqual(["First"]);
    expect(ignored).toEqual([{ path: "page.md", reason: expect.stringContaining("same path") }]);
  });

  it("reads names written with backslashes (old Windows tools) as folders", () => {
    const zip = rawZip([{ name: "Space\\Child.md", data: text("# Child") }]);
    expect(readPagesZip(zip).pages.map((page) => page.path)).toEqual(["Space/Child.md"]);
  });
});

describe("refusing a ZIP", () => {
  it.each([
    ["../evil.md", "climbs out"],
    ["notes/../../evil.md", "climbs out"],
    ["..\\evil.md", "climbs out"],
    ["/abs.md", "absolute"],
    ["\\abs.md", "absolute"],
    ["\\\\server\\share\\x.md", "absolute"],
    ["C:/Windows/x.md", "drive letter"],
    ["c:x.md", "drive letter"],
    ["a\u0000b.md", "control characters"],
  ])("whose entry is named %j", (name, why) => {
    const zip = rawZip([
      { name: "fine.md", data: text("# Fine") },
      { name, data: text("# Evil") },
    ]);
    const message = fileRefusal(() => readPagesZip(zip));
    expect(message).toContain(why);
    expect(message).toContain(`“${name}”`);
  });

  it(`with more than ${MAX_ZIP_ENTRIES} entries, before unpacking any`, () => {
    const entries = Object.fromEntries(Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => [`p${i}.md`, text(`# ${i}`)]));
    expect(fileRefusal(() => readPagesZip(zipSync(entries)))).toMatch(/more than 1,000 entries.*limit is 1,000/);
    const exactly = Object.fromEntries(Array.from({ length: MAX_ZIP_ENTRIES }, (_, i) => [`p${i}.md`, text(`# ${i}`)]));
    expect(readPagesZip(zipSync(exactly)).pages).toHaveLength(MAX_ZIP_ENTRIES);
  });

  it("whose entries and those of a ZIP inside it pass the entry limit together", () => {
    const inner = zipSync(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`in${i}.md`, text("x")])));
    const outer = zipSync({ ...Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`out${i}.md`, text("x")])), "part.zip": inner });
    expect(fileRefusal(() => readPagesZip(outer))).toMatch(/“part\.zip” has more than 1,000 entries, counting those of ZIPs inside it/);
  });

  it("holding a ZIP bomb: 200 MB of zeros that compress to a few hundred KB, whatever size it declares", () => {
    const zeros = new Uint8Array(200 * 1024 * 1024);
    const body = deflatedBody(zeros);
    expect(body.compressed.length).toBeLessThan(400 * 1024);
    for (const declaredSize of [undefined, 100]) {
      const zip = rawZip([{ name: "bomb.md", ...body, declaredSize }]);
      expect(fileRefusal(() => readPagesZip(zip))).toMatch(/“bomb\.md” unpacks to more than 100 times its compressed size.*ratio of 100/);
    }
  });

  it("but not for a small, very regular entry: the ratio is judged once an entry unpacks past 1 MB", () => {
    const table = text(`# Matrix\n\n${"| |\n".repeat(200_000)}`);
    const body = deflatedBody(table);
    expect(table.length / body.compressed.length).toBeGreaterThan(100);
    expect(table.length).toBeLessThan(RATIO_CHECKED_ABOVE_BYTES);
    expect(readPagesZip(rawZip([{ name: "matrix.md", ...body }])).pages[0].title).toBe("Matrix");
  });

  it("holding a bomb inside a ZIP inside it, naming both", () => {
    const inner = rawZip([{ name: "bomb.png", ...deflatedBody(new Uint8Array(50 * 1024 * 1024)) }]);
    const outer = zipSync({ "Export-Part-1.zip": [inner, { level: 0 }] });
    expect(fileRefusal(() => readPagesZip(outer))).toMatch(/“bomb\.png” inside “Export-Part-1\.zip” unpacks to more than 100 times/);
  });

  it(`that unpacks to more than ${MAX_ZIP_UNPACKED_BYTES / 1024 / 1024} MB in total, though no entry passes the ratio`, () => {
    // One byte in 64 is random, so the body compresses about 20 times: under the ratio limit.
    const data = new Uint8Array(10 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 64) data[i] = (i * 2654435761) >>> 24;
    const body = deflatedBody(data);
    expect(data.length / body.compressed.length).toBeLessThan(100);
    const entries: RawEntry[] = Array.from({ length: 11 }, (_, i) => ({ name: `part${i}.bin`, ...body, declaredSize: 10 }));
    expect(fileRefusal(() => readPagesZip(rawZip(entries)))).toMatch(/more than 100 MB in total \(the limit\), reached at the entry “part10\.bin”/);
    expect(readPagesZip(rawZip(entries.slice(0, 9))).ignored).toHaveLength(9);
  });

  it("whose page is not UTF-8 text, naming the page", () => {
    const latin1 = new Uint8Array([...text("# Caf"), 0xe9]);
    expect(fileRefusal(() => readPagesZip(zipSync({ "ok.md": text("# ok"), "docs/Café.md": latin1 })))).toMatch(/The page “docs\/Café\.md” cannot be read: it is not valid UTF-8/);
    expect(fileRefusal(() => readPagesZip(zipSync({ "binary.md": PNG })))).toMatch(/“binary\.md”.*NUL bytes/);
  });

  it("that is damaged, encrypted, compressed in a way we cannot read, or not a ZIP at all", () => {
    const good = rawZip([{ name: "a.md", data: text("# A ".repeat(50)) }]);
    const flipped = good.slice();
    flipped[40] ^= 0xff; // inside the deflated body
    expect(fileRefusal(() => readPagesZip(flipped))).toMatch(/“a\.md” is damaged/);

    const encrypted = good.slice();
    const directory = encrypted.length - 22 - 46 - "a.md".length;
    encrypted[directory + 8] |= 1;
    expect(fileRefusal(() => readPagesZip(encrypted))).toMatch(/“a\.md” is encrypted/);

    const bzip2 = good.slice();
    bzip2[directory + 10] = 12;
    expect(fileRefusal(() => readPagesZip(bzip2))).toMatch(/“a\.md” uses compression method 12/);

    expect(fileRefusal(() => readPagesZip(good.subarray(0, good.length - 30)))).toMatch(/not a readable ZIP archive/);
    expect(fileRefusal(() => readPagesZip(text("just text")))).toMatch(/^The ZIP is not a readable ZIP archive/);
    expect(fileRefusal(() => readPagesZip(text("just text"), "Notes.zip"))).toMatch(/^The ZIP “Notes\.zip” is not a readable ZIP archive/);
  });

  it("whose entry claims more bytes than the file holds", () => {
    const zip = rawZip([{ name: "a.md", data: text("# A") }]);
    const directory = zip.length - 22 - 46 - "a.md".length;
    new DataView(zip.buffer).setUint32(directory + 20, 5_000_000, true);
    expect(fileRefusal(() => readPagesZip(zip))).toMatch(/“a\.md” is damaged: its data runs past the end of the file/);
  });

  it("reads a name byte that is not UTF-8, in an entry without the UTF-8 flag, as code page 437", () => {
    const zip = rawZip([{ name: "CafX.md", data: text("x"), utf8: false }]);
    // The name is written twice (local header, central directory); 0x82 is "é" in code page 437.
    const name = Buffer.from(zip.buffer);
    for (let at = name.indexOf("CafX"); at >= 0; at = name.indexOf("CafX", at + 1)) zip[at + 3] = 0x82;
    expect(readPagesZip(zip).pages[0]).toMatchObject({ path: "Café.md", title: "Café" });
  });
});

it("reads ZIP64 entries and a ZIP64 end record, as some tools always write them", () => {
  const zip = rawZip(
    [
      { name: "one.md", data: text("# One"), zip64: true },
      { name: "two.md", method: 0, data: text("# Two"), zip64: true },
    ],
    { zip64End: true },
  );
  expect(readPagesZip(zip).pages.map((page) => page.title)).toEqual(["One", "Two"]);
});

it("leaves stored (uncompressed) entries whole, and hands out images as copies of their own", () => {
  const zip = rawZip([
    { name: "stored.md", method: 0, data: text("# Stored\n") },
    { name: "stored.png", method: 0, data: PNG },
    { name: "deflated.png", data: PNG },
  ]);
  const { pages, files } = readPagesZip(zip);
  expect(pages[0]).toMatchObject({ title: "Stored", markdown: "# Stored\n" });
  for (const file of files) {
    expect(file.bytes).toEqual(PNG);
    // Not a view into the upload: keeping an image does not keep the whole ZIP in memory.
    expect(file.bytes.buffer.byteLength).toBe(PNG.length);
  }
});
