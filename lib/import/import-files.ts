/**
 * Files in, briefs out (docs/import.md): a Markdown file or a Word document is one brief, a ZIP of
 * pages one brief per page. Every brief is read and checked against the contract, and only when all
 * pass are they written, in one transaction. `planImport` is the same work without the writing:
 * what the preview shows.
 */
import { createHash } from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import { fingerprint } from "@/lib/briefs/content-hash";
import { titleSchema } from "@/lib/briefs/schema";
import { uuid7 } from "@/lib/db/uuid7";
import { briefFilePath } from "@/lib/evidence/store-evidence-file";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { briefFromMarkdown, type CheckedImport } from "./brief-from-markdown";
import { decodeImportFile } from "./decode-import-file";
import { docxToMarkdown } from "./docx-to-markdown";
import type { HeadingPlacement, SourceFormat } from "./import-report";
import { importBriefs, type ImportedFile } from "./import-briefs";
import { importFileError } from "./import-file-error";
import { rewritePageLinks } from "./page-links";
import type { ReadOptions } from "./read-markdown-brief";
import { readPagesZip, type ZipFile } from "./read-pages-zip";

export type ImportFile = { name: string; bytes: Uint8Array };

export type PlannedBrief = CheckedImport & {
  /** The id the brief will have: pages of one ZIP link to each other by it. */
  id: string;
  title: string;
  /** The file, or for a page of a ZIP `archive.zip/path/page.md`. */
  source: string;
  /** What the reader could not keep (images in a Word document, files of a ZIP that are not pages). */
  notes: string[];
  /** Images of a ZIP the page shows, stored with the brief and served to its readers. */
  files: ImportedFile[];
};

/** What an import did: for each brief, where it came from and where each heading went. */
export type ImportReport = {
  briefs: { briefId: string; title: string; source: string; format: SourceFormat; headings: HeadingPlacement[]; notes: string[] }[];
};

/** The preview's choices, by source: a heading's line → the section it goes to. */
export type ImportChoices = Record<string, ReadOptions["sections"]>;

export async function planImport(files: ImportFile[], choices: ImportChoices = {}, projectId = "project"): Promise<PlannedBrief[]> {
  if (files.length === 0) throw importFileError("Choose at least one file to import.");
  const planned: PlannedBrief[] = [];
  for (const file of files) {
    const decoded = decodeImportFile(file.name, file.bytes);
    if (decoded.kind === "markdown") {
      planned.push(plannedBrief(decoded.text, file.name, choices, { notes: [] }));
    } else if (decoded.kind === "docx") {
      const { markdown, warnings } = await docxToMarkdown(decoded.bytes);
      planned.push(plannedBrief(markdown, file.name, choices, { notes: warnings, format: "docx" }));
    } else {
      planned.push(...zipBriefs(file.name, decoded.bytes, choices, projectId));
    }
  }
  return planned;
}

/**
 * With an idempotency key the import is exactly-once: a retry of the same files and choices (after
 * an answer that was lost) reports the briefs the first call created, and writes none.
 */
export async function importFiles(actor: Actor, args: { projectId: string; files: ImportFile[]; choices?: ImportChoices; idempotencyKey?: string }): Promise<ImportReport> {
  const planned = await planImport(args.files, args.choices, args.projectId);
  const once = args.idempotencyKey === undefined ? undefined : { key: parseOrThrow(idempotencyKeySchema, args.idempotencyKey, "idempotencyKey"), fingerprint: importFingerprint(args) };
  const created = await importBriefs(
    actor,
    args.projectId,
    planned.map((brief) => ({ id: brief.id, title: brief.title, content: brief.content, files: brief.files, source: brief.source })),
    "import",
    once,
  );
  return {
    briefs: planned.map((brief, index) => ({
      briefId: created[index].briefId,
      title: created[index].title,
      source: brief.source,
      format: brief.format,
      headings: brief.headings,
      notes: brief.notes,
    })),
  };
}

function plannedBrief(
  markdown: string,
  source: string,
  choices: ImportChoices,
  extra: { notes: string[]; format?: SourceFormat; fallbackTitle?: string; id?: string; files?: ImportedFile[] },
): PlannedBrief {
  const brief = briefFromMarkdown(markdown, source, { sections: choices[source] });
  return {
    ...brief,
    format: extra.format ?? brief.format,
    id: extra.id ?? uuid7(),
    title: titleFor(brief.title ?? extra.fallbackTitle ?? null, source),
    source,
    notes: extra.notes,
    files: extra.files ?? [],
  };
}

/**
 * One brief per page. Links between pages become links between the new briefs; an image the page
 * shows is stored with that page's brief and the page points at where the app serves it.
 */
function zipBriefs(archiveName: string, bytes: Uint8Array, choices: ImportChoices, projectId: string): PlannedBrief[] {
  const zip = readPagesZip(bytes, archiveName);
  if (zip.pages.length === 0) throw importFileError(`The ZIP “${archiveName}” holds no Markdown pages (.md).`);
  const ids = new Map(zip.pages.map((page) => [page.path, uuid7()]));
  const images = new Map(zip.files.map((file) => [file.path, file]));
  const ignored = zip.ignored.map((entry) => `${entry.path}: ${entry.reason}`);
  return zip.pages.map((page, index) => {
    const files: ImportedFile[] = [];
    const markdown = rewritePageLinks(page.markdown, page.path, (zipPath, kind) => {
      if (kind === "link") {
        const target = ids.get(zipPath);
        return target ? `/projects/${projectId}/briefs/${target}` : null;
      }
      const image = images.get(zipPath);
      if (!image) return null;
      const stored = storedImage(image);
      files.push(stored);
      return briefFilePath(stored.id);
    });
    return plannedBrief(markdown, `${archiveName}/${page.path}`, choices, {
      id: ids.get(page.path),
      fallbackTitle: page.title,
      files,
      // What the ZIP held besides pages and images is said once, on its first page's brief.
      notes: index === 0 ? ignored : [],
    });
  });
}

function storedImage(image: ZipFile): ImportedFile {
  const name = image.path.split("/").pop() || "image";
  return { id: uuid7(), name, mediaType: image.mediaType, size: image.bytes.length, sha256: createHash("sha256").update(image.bytes).digest("hex"), bytes: Buffer.from(image.bytes) };
}

/** What makes two imports the same call: the project, each file's name and bytes, the choices. */
function importFingerprint(args: { projectId: string; files: ImportFile[]; choices?: ImportChoices }): string {
  const files = args.files.map((file) => ({ name: file.name, sha256: createHash("sha256").update(file.bytes).digest("hex") }));
  return fingerprint({ projectId: args.projectId, files, choices: args.choices ?? {} });
}

/** A title from the file when the document has none: its name without the extension. */
function titleFor(title: string | null, source: string): string {
  const fallback = source.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, "");
  return parseOrThrow(titleSchema, (title ?? fallback).trim() || fallback, "title");
}
