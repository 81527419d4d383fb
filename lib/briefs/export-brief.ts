import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { accessDenied, validationError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { writeSpecFormat } from "@/lib/import/spec-formats";
import { briefToMarkdown } from "./brief-markdown";
import { findReadableBrief } from "./find-readable-brief";
import { exportBriefArgsSchema } from "./tool-arguments";
import { loadCurrentContent, loadVersionContent } from "./version-store";

export type BriefExport = {
  briefId: string;
  versionNum: number;
  /** A file name people recognise: the title, made safe, and the version. */
  fileName: string;
  markdown: string;
};

/**
 * brief_export and the web download: the brief, or one of its versions, as one Markdown document.
 * `inProject` is the web URL's project: a brief of another project is refused like a missing one.
 */
export async function exportBrief(actor: Actor, input: z.input<typeof exportBriefArgsSchema>, { inProject }: { inProject?: string } = {}): Promise<BriefExport> {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(exportBriefArgsSchema, input);
  const format = args.format ?? "markdown";
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const { row } = await findReadableBrief(tx, actor, args.briefId);
    if (inProject !== undefined && row.projectId !== inProject) throw accessDenied();
    const project = await tx.project.findUniqueOrThrow({ where: { id: row.projectId }, select: { name: true } });
    const base = { title: row.title, projectName: project.name, state: row.state };
    if (args.versionNum === undefined || args.versionNum === row.versionNum) {
      const content = await loadCurrentContent(tx, row);
      if (format !== "markdown") return { briefId: row.id, versionNum: row.versionNum, fileName: specFileNames[format], markdown: writeSpecFormat(format, row.title, content) };
      const markdown = briefToMarkdown({ ...base, versionNum: row.versionNum, hash: row.currentVersionHash, updatedAt: row.updatedAt, content });
      return { briefId: row.id, versionNum: row.versionNum, fileName: exportFileName(row.title, row.versionNum), markdown };
    }
    const version = await tx.briefVersion.findUnique({
      where: { briefId_versionNum: { briefId: row.id, versionNum: args.versionNum } },
    });
    if (!version) throw validationError([{ path: "versionNum", message: `The brief has no version ${args.versionNum}.` }]);
    const content = await loadVersionContent(tx, version);
    if (format !== "markdown") return { briefId: row.id, versionNum: version.versionNum, fileName: specFileNames[format], markdown: writeSpecFormat(format, row.title, content) };
    const latest = { versionNum: row.versionNum, state: row.state };
    const markdown = briefToMarkdown({ ...base, versionNum: version.versionNum, hash: version.hash, updatedAt: version.createdAt, content, latest });
    return { briefId: row.id, versionNum: version.versionNum, fileName: exportFileName(row.title, version.versionNum), markdown };
  }, { isolationLevel: "RepeatableRead" });
}

/** The names each tool looks for in a repository (docs/spec-formats.md). */
const specFileNames = { kiro: "requirements.md", "spec-kit": "spec.md", openspec: "spec.md" } as const;

function exportFileName(title: string, versionNum: number): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .toLowerCase();
  return `${slug || "brief"}-v${versionNum}.md`;
}
