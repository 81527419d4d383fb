import zlib from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small picture of the checkout's card picker as the demo's screenshot evidence: two card rows, the
 * second greyed out (an expired card) with a red label. A real PNG (8-bit RGB), made the same way
 * every time, so the stored file and its hash never change between runs.
 */
export function cardPickerPng(width = 96, height = 64): Buffer {
  const pixel = (x: number, y: number): [number, number, number] => {
    const inRow = (top: number) => x >= 8 && x < width - 8 && y >= top && y < top + 20;
    if (inRow(8)) {
      if (x >= 14 && x < 30 && y >= 14 && y < 22) return [37, 99, 235]; // the card's brand mark
      if (x >= 36 && x < 70 && y >= 16 && y < 19) return [55, 65, 81]; // •••• 4242
      return [239, 246, 255];
    }
    if (inRow(36)) {
      if (x >= 14 && x < 30 && y >= 42 && y < 50) return [156, 163, 175];
      if (x >= 60 && x < width - 14 && y >= 43 && y < 49) return [220, 38, 38]; // "Expired"
      return [243, 244, 246];
    }
    return [255, 255, 255];
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
