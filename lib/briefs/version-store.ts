import crypto from "node:crypto";
import type { Tx } from "@/lib/db/transaction";
import type { BriefVersion, Prisma } from "@/lib/generated/prisma/client";
import type { BriefContent } from "./schema";

/**
 * History stays cheap: each section's exact JSON text is stored once under its SHA-256, and a
 * version is the ordered list of its sections' hashes. Ticking one checklist row of a large brief
 * stores the checklist section again and nothing else. Exact text (not JSONB) keeps every
 * version's content byte-for-byte as it was written, key order included.
 */
type SectionRef = [key: string, blobHash: string];

function blobHash(json: string): string {
  return crypto.createHash("sha256").update(json).digest("hex");
}

export async function storeVersion(
  tx: Tx,
  version: Omit<Prisma.BriefVersionUncheckedCreateInput, "sections">,
  content: BriefContent,
  previousSections: readonly SectionRef[] = [],
): Promise<void> {
  const known = new Set(previousSections.map(([, hash]) => hash));
  const blobs = Object.entries(content).map(([key, value]) => {
    const json = JSON.stringify(value);
    return { key, json, hash: blobHash(json) };
  });
  const fresh = blobs.filter((b) => !known.has(b.hash));
  if (fresh.length) {
    await tx.contentBlob.createMany({ data: fresh.map(({ hash, json }) => ({ hash, json })), skipDuplicates: true });
  }
  await tx.briefVersion.create({
    data: { ...version, sections: blobs.map(({ key, hash }) => [key, hash]) },
  });
}

export function sectionsOf(version: Pick<BriefVersion, "sections">): SectionRef[] {
  return version.sections as SectionRef[];
}

export async function loadVersionContent(tx: Tx, version: Pick<BriefVersion, "sections">): Promise<BriefContent> {
  const refs = sectionsOf(version);
  const blobs = await tx.contentBlob.findMany({ where: { hash: { in: refs.map(([, hash]) => hash) } } });
  const byHash = new Map(blobs.map((b) => [b.hash, b.json]));
  const content: Record<string, unknown> = {};
  for (const [key, hash] of refs) {
    const json = byHash.get(hash);
    if (json === undefined) throw new Error(`content blob ${hash} of a stored version is missing`);
    // defineProperty keeps a key such as "__proto__" an ordinary own key, as it was sent.
    Object.defineProperty(content, key, { value: JSON.parse(json), enumerable: true, writable: true, configurable: true });
  }
  return content as BriefContent;
}

/**
 * The brief's current content, exactly as written: from its current version rather than the
 * jsonb copy on the brief row, which reorders keys and cannot hold a key named `__proto__`.
 */
export async function loadCurrentContent(tx: Tx, brief: { id: string; versionNum: number }): Promise<BriefContent> {
  const version = await tx.briefVersion.findUniqueOrThrow({
    where: { briefId_versionNum: { briefId: brief.id, versionNum: brief.versionNum } },
    select: { sections: true },
  });
  return loadVersionContent(tx, version);
}
