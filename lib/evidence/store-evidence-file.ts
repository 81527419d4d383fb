import { appOrigin } from "@/lib/config/app-origin";
import { uuid7 } from "@/lib/db/uuid7";
import type { WriteBatch } from "@/lib/db/write-batch";
import type { StoredFileRef } from "./evidence-schema";
import type { CheckedFile } from "./file-content";

/** Where a stored file is served (app/api/mcp/files/[fileId]/route.ts), as a path on this app. */
export function briefFilePath(fileId: string): string {
  return `/api/mcp/files/${encodeURIComponent(fileId)}`;
}

/** The same, as a whole URL, for agents and mail. */
export function evidenceFileUrl(fileId: string): string {
  return `${appOrigin()}${briefFilePath(fileId)}`;
}

/**
 * Puts a checked file into the write's batch, so it is stored in the same transaction as the item
 * that names it, and returns what that item records of it. The bytes travel as base64 text decoded
 * by the database, which both drivers carry alike.
 */
export function storeEvidenceFile(batch: WriteBatch, file: CheckedFile, owner: { briefId: string; createdById: string; now: Date }): { file: StoredFileRef; fileUrl: string } {
  const id = uuid7(owner.now.getTime());
  storeBriefFile(batch, { id, ...file }, owner);
  return { file: { id, name: file.name, mediaType: file.mediaType, size: file.size, sha256: file.sha256 }, fileUrl: evidenceFileUrl(id) };
}

/** A file kept with a brief and served to its readers: evidence, or an image an import brought. */
export type BriefFile = { id: string; name: string; mediaType: string; size: number; sha256: string; bytes: Buffer };

export function storeBriefFile(batch: WriteBatch, file: BriefFile, owner: { briefId: string; createdById: string; now: Date }): void {
  batch.add(`INSERT INTO "EvidenceFile" (id, "briefId", name, "mediaType", size, sha256, bytes, "createdById", "createdAt") VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'base64'), $8, $9)`, [
    file.id,
    owner.briefId,
    file.name,
    file.mediaType,
    file.size,
    file.sha256,
    file.bytes.toString("base64"),
    owner.createdById,
    owner.now.toISOString(),
  ]);
}
