import zlib from "node:zlib";

/**
 * The text of a PDF that Chromium printed, without a PDF library: enough of the format to read
 * what Skia writes (Flate streams, Type0 fonts with a ToUnicode map, hex strings shown with Tj/TJ).
 * Text placed at a new height starts a new line; runs on the same line (a bold word in a sentence)
 * are joined as they are. Ligatures come back as their letters (NFKC). Not a general PDF reader: it
 * is for asserting what a printed page says.
 */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const cmaps = new Map<number, Map<number, string>>();
  const cmapOf = (fontObject: number): Map<number, string> => {
    let map = cmaps.get(fontObject);
    if (!map) {
      const ref = objects.get(fontObject)?.dict.match(/\/ToUnicode\s+(\d+)\s+0\s+R/);
      map = ref ? parseCMap(objects.get(Number(ref[1]))?.stream ?? "") : new Map();
      cmaps.set(fontObject, map);
    }
    return map;
  };

  const pages: string[] = [];
  for (const pageNumber of pageOrder(objects)) {
    const page = objects.get(pageNumber)!.dict;
    const fonts = new Map<string, number>();
    const fontDict = page.match(/\/Font\s*<<([^>]*)>>/);
    for (const [, name, ref] of fontDict?.[1].matchAll(/\/(\S+?)\s+(\d+)\s+0\s+R/g) ?? []) fonts.set(name, Number(ref));
    const contents = page.match(/\/Contents\s+(?:\[([^\]]*)\]|(\d+)\s+0\s+R)/);
    const refs = contents ? (contents[1] ? [...contents[1].matchAll(/(\d+)\s+0\s+R/g)].map((m) => Number(m[1])) : [Number(contents[2])]) : [];
    let text = "";
    for (const ref of refs) text += showText(objects.get(ref)?.stream ?? "", (name) => cmapOf(fonts.get(name) ?? -1));
    pages.push(text);
  }
  return pages.join("\n").normalize("NFKC");
}

type PdfObject = { dict: string; stream: string | null };

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString("latin1");
  const objects = new Map<number, PdfObject>();
  for (const match of source.matchAll(/(\d+)\s+0\s+obj\b([\s\S]*?)\bendobj/g)) {
    const body = match[2];
    const start = body.search(/\bstream\r?\n/);
    if (start < 0) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, start);
    const dataStart = start + body.slice(start).indexOf("\n") + 1;
    const raw = Buffer.from(body.slice(dataStart, body.lastIndexOf("endstream")), "latin1");
    let stream: string;
    try {
      stream = (/\/FlateDecode/.test(dict) ? zlib.inflateSync(raw) : raw).toString("latin1");
    } catch {
      stream = "";
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

/** Pages in reading order: the page tree's Kids, depth first from the catalog's root. */
function pageOrder(objects: Map<number, PdfObject>): number[] {
  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Catalog/.test(o.dict));
  const root = Number(catalog?.dict.match(/\/Pages\s+(\d+)\s+0\s+R/)?.[1]);
  const order: number[] = [];
  const walk = (number: number) => {
    const node = objects.get(number)?.dict ?? "";
    if (/\/Type\s*\/Page\b(?!s)/.test(node)) return void order.push(number);
    for (const [, kid] of node.match(/\/Kids\s*\[([^\]]*)\]/)?.[1].matchAll(/(\d+)\s+0\s+R/g) ?? []) walk(Number(kid));
  };
  walk(root);
  return order;
}

function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, from, to] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(from, 16), utf16(to));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, to, list] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]+)>|\[([^\]]*)\])/g)) {
      const first = parseInt(lo, 16);
      const last = parseInt(hi, 16);
      if (to !== undefined) {
        const base = parseInt(to, 16);
        for (let code = first; code <= last; code++) map.set(code, String.fromCharCode(base + code - first));
      } else {
        const targets = [...(list ?? "").matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => utf16(m[1]));
        targets.forEach((target, i) => map.set(first + i, target));
      }
    }
  }
  return map;
}

/** The strings a content stream shows, decoded with the font in use; a text matrix at another height starts a new line. */
function showText(content: string, cmapFor: (fontName: string) => Map<number, string>): string {
  let cmap = new Map<number, string>();
  let out = "";
  let lineY: string | null = null;
  const decode = (hex: string) => (hex.match(/.{4}/g) ?? []).map((code) => cmap.get(parseInt(code, 16)) ?? "").join("");
  const pattern = /\/(\S+)\s+[-\d.]+\s+Tf|(?:[-\d.]+\s+){5}([-\d.]+)\s+Tm|<([0-9A-Fa-f]*)>\s*Tj|\[([^\]]*)\]\s*TJ/g;
  for (const [, font, y, tj, tjArray] of content.matchAll(pattern)) {
    if (font !== undefined) cmap = cmapFor(font);
    else if (y !== undefined) {
      if (y !== lineY) out += "\n";
      lineY = y;
    } else if (tj !== undefined) out += decode(tj);
    else if (tjArray !== undefined) out += [...tjArray.matchAll(/<([0-9A-Fa-f]*)>/g)].map((m) => decode(m[1])).join("");
  }
  return out;
}
