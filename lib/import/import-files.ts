/**
 * Files in, briefs out (docs/import.md): each file is read into one brief (a ZIP of pages into one
 * per page), checked against the contract, and only when every one passes are they all written.
 * `planImport` is the same work without the writing: what the preview shows.
 */
import crypto from "node:crypto";
import type { Actor } from "@/lib/auth/actor";
import { fingerprint } from "@/lib/briefs/content-hash";
import { titleSchema } from "@/lib/briefs/schema";
import { validationError } from "@/lib/errors";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { briefFromMarkdown, type CheckedImport } from "./brief-from-markdown";
import type { HeadingPlacement, SourceFormat } from "./import-report";
import { importBriefs } from "./import-briefs";
import type { ReadOptions } from "./read-markdown-brief";

export type ImportFile = { name: string; bytes: Uint8Array };

export type PlannedBrief = CheckedImport & { title: string; source: string };

/** What an import did: for each brief, where it came from and where each heading went. */
export type ImportReport = {
  briefs: { briefId: string; title: string; source: string; format: SourceFormat; headings: HeadingPlacement[] }[];
};

/** The preview's choices, by source: a heading's line → the section it goes to. */
export type ImportChoices = Record<string, ReadOptions["sections"]>;

export async function planImport(files: ImportFile[], choices: ImportChoices = {}): Promise<PlannedBrief[]> {
  if (files.length === 0) throw validationError([{ path: "files", message: "Choose at least one file to import." }]);
  const planned: PlannedBrief[] = [];
  for (const file of files) {
    const text = decodeText(file);
    const brief = briefFromMarkdown(text, file.name, { sections: choices[file.name] });
    planned.push({ ...brief, title: titleFor(brief.title, file.name), source: file.name });
  }
  return planned;
}

/**
 * With an idempotency key the import is exactly-once: a retry of the same files and choices (after
 * an answer that was lost) reports the briefs the first call created, and writes none.
 */
export async function importFiles(actor: Actor, args: { projectId: string; files: ImportFile[]; choices?: ImportChoices; idempotencyKey?: string }): Promise<ImportReport> {
  const planned = await planImport(args.files, args.choices);
  const once = args.idempotencyKey === undefined ? undefined : { key: parseOrThrow(idempotencyKeySchema, args.idempotencyKey, "idempotencyKey"), fingerprint: importFingerprint(args) };
  const created = await importBriefs(actor, args.projectId, planned.map((brief) => ({ title: brief.title, content: brief.content })), "import", once);
  return {
    briefs: planned.map((brief, index) => ({ briefId: created[index].briefId, title: created[index].title, source: brief.source, format: brief.format, headings: brief.headings })),
  };
}

/** What makes two imports the same call: the project, each file's name and bytes, the choices. */
function importFingerprint(args: { projectId: string; files: ImportFile[]; choices?: ImportChoices }): string {
  const files = args.files.map((file) => ({ name: file.name, sha256: crypto.createHash("sha256").update(file.bytes).digest("hex") }));
  return fingerprint({ projectId: args.projectId, files, choices: args.choices ?? {} });
}

/** A title from the file when the document has none: its name without the extension. */
function titleFor(title: string | null, fileName: string): string {
  const fallback = fileName.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, "");
  return parseOrThrow(titleSchema, (title ?? fallback).trim() || fallback, "title");
}

function decodeText(file: ImportFile): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
  } catch {
    throw validationError([{ path: file.name, message: "The file is not valid UTF-8 text." }]);
  }
}
