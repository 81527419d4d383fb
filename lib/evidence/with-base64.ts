/**
 * The browser's door hands over an upload's bytes; the shared schema knows a file by its base64. The
 * bytes are put into that form here, so both doors are parsed by the one schema; their size is
 * checked after parsing, in the same place as base64's.
 */
export function withBase64<T extends { file?: unknown }>(input: T): T {
  const file = input.file as { bytes?: unknown } | undefined;
  if (!file || typeof file !== "object" || !(file.bytes instanceof Uint8Array)) return input;
  const { bytes, ...rest } = file as { bytes: Uint8Array };
  return { ...input, file: { ...rest, base64: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("base64") } };
}
