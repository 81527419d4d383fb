import { imageMediaType, isZip, looksLikeSvg, type ImageMediaType } from "./file-signature";
import { importFileError, quoteName } from "./import-file-error";
import { MAX_ZIP_ENTRIES, MAX_ZIP_NESTING } from "./import-limits";
import { inflateZipEntry, newUnpackBudget, type UnpackBudget } from "./inflate-zip-entry";
import { pageTitle } from "./page-title";
import { describeTextProblem, decodeUtf8Text } from "./utf8-text";
import { readZipDirectory } from "./zip-directory";
import { safeEntryPath } from "./zip-entry-path";

export { stripNotionId } from "./notion-id";

/** A Markdown page of the ZIP; `path` is where it sits in the ZIP, as links between pages name it. */
export type ZipPage = { path: string; title: string; markdown: string };
/** An image the pages may show; its type is sniffed from its bytes, whatever its name says. */
export type ZipFile = { path: string; mediaType: ImageMediaType; bytes: Uint8Array };
/** An entry that is neither, and why, for the import's report. */
export type ZipIgnored = { path: string; reason: string };
export type PagesZip = { pages: ZipPage[]; files: ZipFile[]; ignored: ZipIgnored[] };

const PAGE = /\.(md|markdown)$/i;
// Finder adds these to every ZIP it makes; they are not the user's files.
const MAC_METADATA = /(^|\/)(__MACOSX\/|\.DS_Store$|\._)/;

/**
 * The pages and images of a ZIP of Markdown pages, as Notion and Confluence export them (see
 * README "Files"). Each entry is inflated under the limits of import-limits.ts, counted on the
 * bytes actually unpacked; a ZIP inside it is read one level deep, its entries placed in the folder
 * the inner ZIP sits in (Notion splits big exports into such parts, all relative to one root) and
 * counted against the same totals. Any refusal refuses the whole ZIP and changes nothing.
 */
export function readPagesZip(bytes: Uint8Array, archiveName?: string): PagesZip {
  const result: PagesZip = { pages: [], files: [], ignored: [] };
  readArchive(bytes, { archiveName, folder: "", depth: 0, budget: newUnpackBudget(), seen: new Set(), result });
  return result;
}

type Walk = { archiveName: string | undefined; folder: string; depth: number; budget: UnpackBudget; seen: Set<string>; result: PagesZip };

function readArchive(bytes: Uint8Array, walk: Walk): void {
  const entries = readZipDirectory(bytes, walk.archiveName, MAX_ZIP_ENTRIES - walk.budget.entries);
  walk.budget.entries += entries.length;
  const inner = walk.depth > 0 && walk.archiveName ? ` inside ${quoteName(walk.archiveName)}` : "";
  for (const entry of entries) {
    const label = `${quoteName(entry.name)}${inner}`;
    const entryPath = safeEntryPath(entry.name, label);
    if (entry.isDirectory || entryPath === "") continue;
    const path = walk.folder + entryPath;
    if (MAC_METADATA.test(path)) {
      walk.result.ignored.push({ path, reason: "macOS file metadata, not part of the export." });
      continue;
    }
    if (walk.seen.has(path)) {
      walk.result.ignored.push({ path, reason: "Another entry of the ZIP has the same path; the first one was kept." });
      continue;
    }
    walk.seen.add(path);
    sortEntry(path, inflateZipEntry(bytes, entry, walk.budget, label), label, walk);
  }
}

function sortEntry(path: string, data: Uint8Array, label: string, walk: Walk): void {
  const { result } = walk;
  if (PAGE.test(path)) {
    const text = decodeUtf8Text(data);
    if (!text.ok) throw importFileError(`The page ${label} cannot be read: ${describeTextProblem(text.problem)}`);
    result.pages.push({ path, title: pageTitle(text.text, path), markdown: text.text });
    return;
  }
  if (isZip(data) && /\.zip$/i.test(path)) {
    if (walk.depth >= MAX_ZIP_NESTING) {
      result.ignored.push({ path, reason: `A ZIP inside a ZIP inside the upload is not read (only ${MAX_ZIP_NESTING} level of ZIPs inside is).` });
      return;
    }
    const slash = path.lastIndexOf("/");
    readArchive(data, { ...walk, archiveName: path, folder: slash < 0 ? "" : path.slice(0, slash + 1), depth: walk.depth + 1 });
    return;
  }
  const mediaType = imageMediaType(data);
  if (mediaType) {
    result.files.push({ path, mediaType, bytes: data });
    return;
  }
  if (looksLikeSvg(path, data)) {
    result.ignored.push({ path, reason: "SVG images are not kept: they can carry scripts. Export the image as PNG instead." });
    return;
  }
  result.ignored.push({ path, reason: "Not a Markdown page (.md) or an image (PNG, JPEG, GIF or WebP)." });
}
