/**
 * The spec files coding agents keep — Kiro's requirements.md, Spec Kit's spec.md, OpenSpec's
 * spec.md — read into briefs and written from them. Pure functions: nothing here touches the
 * database. What each format holds, and what it cannot, is docs/spec-formats.md.
 */
import type { BriefContent } from "@/lib/briefs/schema";
import type { ImportedBrief } from "../import-report";
import type { SpecFormat } from "./detect-spec-format";
import { readKiro, writeKiro } from "./kiro";
import { readOpenSpec, writeOpenSpec } from "./openspec";
import { readSpecKit, writeSpecKit } from "./spec-kit";

export { detectSpecFormat, type SpecFormat } from "./detect-spec-format";

export const specFormats = ["kiro", "spec-kit", "openspec"] as const satisfies readonly SpecFormat[];

const readers: Record<SpecFormat, (markdown: string) => ImportedBrief> = {
  kiro: readKiro,
  "spec-kit": readSpecKit,
  openspec: readOpenSpec,
};

const writers: Record<SpecFormat, (title: string, content: BriefContent) => string> = {
  kiro: writeKiro,
  "spec-kit": writeSpecKit,
  openspec: writeOpenSpec,
};

/** The brief a spec file describes. Throws VALIDATION_ERROR when the file does not fit in a brief. */
export function readSpecFormat(format: SpecFormat, markdown: string): ImportedBrief {
  return readers[format](markdown);
}

/** A brief as a spec file of the format; what the format cannot hold is left out. */
export function writeSpecFormat(format: SpecFormat, title: string, content: BriefContent): string {
  return writers[format](title, content);
}
