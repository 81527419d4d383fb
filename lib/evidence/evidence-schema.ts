/**
 * The evidence contract (docs/contract.md#evidence), declared once: brief_evidence_add publishes these
 * schemas, the service parses with them.
 */
import { z } from "zod";
import { nameText } from "@/lib/contract/bounded-text";
import { ARRAY_MAX, EVIDENCE_FILE_NAME_MAX, EVIDENCE_SUMMARY_MAX, ID_MAX } from "@/lib/contract/bounds";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { webUrlSchema } from "@/lib/work-orders/work-order-schema";

export const evidenceKinds = ["test_run", "pull_request", "commit", "screenshot", "log", "document", "link"] as const;
export const evidenceResults = ["pass", "fail"] as const;

/** What a file may be; its bytes must show the same type (file-content.ts). */
export const evidenceMediaTypes = ["image/png", "image/jpeg", "application/pdf", "text/plain", "text/markdown", "text/csv"] as const;
export type EvidenceMediaType = (typeof evidenceMediaTypes)[number];

/** A file as a caller sends it. Its size limit depends on the door, so it is checked by the service. */
export const evidenceFileArgSchema = z.strictObject({
  name: nameText(EVIDENCE_FILE_NAME_MAX),
  mediaType: z.enum(evidenceMediaTypes),
  base64: z.string().min(1),
});

export const addEvidenceArgsSchema = z
  .strictObject({
    briefId: z.string().min(1),
    // Any id is checked against the current criteria (check-criterion-ids.ts), so the id pattern is left unpublished.
    criterionIds: z.array(z.string().min(1).max(ID_MAX)).min(1).max(ARRAY_MAX),
    kind: z.enum(evidenceKinds),
    result: z.enum(evidenceResults),
    summary: nameText(EVIDENCE_SUMMARY_MAX),
    url: webUrlSchema.optional(),
    file: evidenceFileArgSchema.optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .superRefine((args, ctx) => {
    if (args.url !== undefined && args.file !== undefined) ctx.addIssue({ code: "custom", path: ["file"], message: "Give a url or a file, not both." });
    if (args.url === undefined && args.file === undefined) ctx.addIssue({ code: "custom", path: ["url"], message: "Give a url or a file." });
  });

/** A stored file as items name it (docs/contract.md#evidence). */
export type StoredFileRef = { id: string; name: string; mediaType: EvidenceMediaType; size: number; sha256: string };

/** An item of `artifacts` or `findings` written by the service: its data, `id`, `createdAt` and `status`. */
export type StatusItem = Record<string, unknown> & { id: string; createdAt: string; status: string };

export const addEvidenceResultSchema = z.strictObject({
  evidence: z.looseObject({}),
  findingsRecorded: z.array(z.looseObject({})),
  findingsResolved: z.array(z.string()),
});
export type AddEvidenceResult = { evidence: StatusItem; findingsRecorded: StatusItem[]; findingsResolved: string[] };
