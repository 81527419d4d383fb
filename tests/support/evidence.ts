import type { Actor } from "@/lib/auth/actor";
import { EVIDENCE_FILE_MAX_BYTES_MCP } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { addEvidence, type AddEvidenceInput } from "@/lib/evidence/add-evidence";
import { failChecklistRow, type FailChecklistRowInput } from "@/lib/findings/fail-checklist-row";
import { resolveFinding } from "@/lib/findings/resolve-finding";
import { uniqueKey } from "./fixtures";

/** The smallest files of each kind whose bytes say what they are. */
export const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a4e1d20000000049454e44ae426082", "hex");
export const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
export const PDF = Buffer.from("%PDF-1.4\n%%EOF\n", "latin1");

export const base64File = (bytes: Buffer, mediaType: string, name = "evidence") => ({ name, mediaType, base64: bytes.toString("base64") });

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
type EvidenceArgs = Optional<AddEvidenceInput, "kind" | "summary" | "idempotencyKey">;

/** Evidence as an agent records it over MCP (its file limit), a link unless a file is given. */
export async function evidence(actor: Actor, args: EvidenceArgs, maxFileBytes = EVIDENCE_FILE_MAX_BYTES_MCP) {
  const link = args.file === undefined && !("url" in args) ? { url: "https://ci.example.com/runs/1" } : {};
  return addEvidence(
    actor,
    { kind: "test_run", summary: `Tests ${args.result === "pass" ? "passed" : "failed"}`, ...link, ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() } as AddEvidenceInput,
    { maxFileBytes },
  );
}

export async function failRow(actor: Actor, args: Optional<FailChecklistRowInput, "note" | "idempotencyKey">, maxFileBytes = EVIDENCE_FILE_MAX_BYTES_MCP) {
  return failChecklistRow(actor, { note: "It does not work", ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() } as FailChecklistRowInput, { maxFileBytes });
}

export async function resolve(actor: Actor, args: { briefId: string; findingId: string; resolution?: string; idempotencyKey?: string }) {
  return resolveFinding(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

/** The service-written items of a collection and their status column, oldest first. */
export async function statusItems(briefId: string, collection: "artifacts" | "findings") {
  const prisma = await getPrisma();
  const rows = await prisma.briefItem.findMany({ where: { briefId, collection }, orderBy: { seq: "asc" } });
  return rows.map((row) => ({ id: row.id, seq: row.seq, status: row.status, data: row.data as Record<string, unknown> }));
}

export async function filesOf(briefId: string) {
  const prisma = await getPrisma();
  return prisma.evidenceFile.findMany({ where: { briefId }, orderBy: { createdAt: "asc" } });
}
