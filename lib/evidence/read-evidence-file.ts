import type { Actor } from "@/lib/auth/actor";
import { hasScopes, readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { accessDenied } from "@/lib/errors";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";

export type EvidenceFileContent = { id: string; name: string; mediaType: string; size: number; sha256: string; bytes: Uint8Array };

/** Longer than any id the service makes: refused without a query. */
const FILE_ID_MAX = 100;

/**
 * A stored evidence file for a reader of its brief (docs/contract.md#evidence): a person, or a token
 * with brief:read, who is a member of the brief's project. A file that does not exist, one of a
 * project the caller is not in, and a token without brief:read all give the same
 * PROJECT_ACCESS_DENIED, so the answer never tells whether the file exists. The bytes are read only
 * once access is proven.
 */
export async function readEvidenceFile(actor: Actor, fileId: string): Promise<EvidenceFileContent> {
  if (!hasScopes(actor.scopes, readScopes) || fileId.length === 0 || fileId.length > FILE_ID_MAX) throw accessDenied();
  const prisma = await getPrisma();
  const file = await prisma.evidenceFile.findUnique({ where: { id: fileId }, select: { id: true, briefId: true, name: true, mediaType: true, size: true, sha256: true } });
  if (!file) throw accessDenied();
  await findReadableBrief(prisma, actor, file.briefId);
  const stored = await prisma.evidenceFile.findUnique({ where: { id: fileId }, select: { bytes: true } });
  if (!stored) throw accessDenied();
  return { id: file.id, name: file.name, mediaType: file.mediaType, size: file.size, sha256: file.sha256, bytes: stored.bytes };
}
