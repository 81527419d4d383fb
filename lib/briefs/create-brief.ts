import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import type { Prisma } from "@/lib/generated/prisma/client";
import { runIdempotent, type IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toBriefRecord, type BriefRecord } from "./brief-record";
import { briefReceiptCodec } from "./brief-receipt-codec";
import { approvalHash, contentHash } from "./content-hash";
import { reconcileContentChecklist } from "./reconcile-checklist";
import { createBriefServiceSchema, type createBriefArgsSchema } from "./tool-arguments";
import { parseContentInput } from "./validate-content";
import { storeVersion } from "./version-store";
import { insertBriefItem } from "./brief-items";
import { diffDecisions } from "./decision-diff";
import { via } from "./via";

const TOOL = "brief_create";

/** A new brief in `drafting` at version 1 (an absent content is the empty document). */
export async function createBrief(
  actor: Actor,
  input: z.input<typeof createBriefArgsSchema>,
): Promise<IdempotentOutcome<{ brief: BriefRecord }>> {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(createBriefServiceSchema, input);
  const parsed = args.content === undefined ? {} : parseContentInput(args.content);
  return runIdempotent(
    actor,
    TOOL,
    args,
    async (tx, now) => {
      await authorizeProject(tx, actor, args.projectId, "write");
      const content = reconcileContentChecklist(undefined, parsed, actor.label, now);
      const hash = contentHash(content);
      const row = await tx.brief.create({
        data: {
          projectId: args.projectId,
          // Both doors store titles trimmed (docs/contract.md#names-and-titles).
          title: args.title.trim(),
          state: "drafting",
          versionNum: 1,
          currentVersionHash: hash,
          approvalHash: approvalHash(content),
          content: content as Prisma.InputJsonValue,
          createdById: actor.userId,
          createdAt: now,
          updatedAt: now,
        },
      });
      let seq = 0;
      await storeVersion(
        tx,
        { briefId: row.id, seq: ++seq, versionNum: 1, hash, approvalHash: row.approvalHash!, createdBy: actor.label, createdById: actor.userId, via: via(actor, TOOL), createdAt: now },
        content,
      );
      const decisions = diffDecisions(undefined, content.decisions);
      if (decisions) {
        await insertBriefItem(tx, {
          briefId: row.id,
          seq: ++seq,
          collection: "decisionHistory",
          data: { versionNum: 1, ...decisions, changedBy: actor.label, via: via(actor, TOOL) },
          createdById: actor.userId,
          now,
        });
      }
      await tx.brief.update({ where: { id: row.id }, data: { itemSeq: seq } });
      return { brief: toBriefRecord(row, content, { createdNewVersion: true, staledApprovals: 0 }) };
    },
    briefReceiptCodec(),
  );
}
