import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { validationError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { withChecklistMirror } from "./checklist-mirror";
import { findReadableBrief } from "./find-readable-brief";
import { getBriefVersionArgsSchema } from "./tool-arguments";
import { loadVersionContent } from "./version-store";
import { transactionOptions } from "@/lib/db/transaction";

/** brief_version_get: one immutable version with its full content, exactly as it was written. */
export async function getBriefVersion(actor: Actor, input: z.input<typeof getBriefVersionArgsSchema>) {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(getBriefVersionArgsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await findReadableBrief(tx, actor, args.briefId);
    const version = await tx.briefVersion.findUnique({
      where: { briefId_versionNum: { briefId: args.briefId, versionNum: args.versionNum } },
    });
    if (!version) throw validationError([{ path: "versionNum", message: `The brief has no version ${args.versionNum}.` }]);
    return {
      version: {
        versionNum: version.versionNum,
        hash: version.hash,
        createdAt: version.createdAt.toISOString(),
        createdBy: version.createdBy,
        via: version.via,
        baseline: version.baseline,
        restoredFrom: version.restoredFrom,
        content: withChecklistMirror(await loadVersionContent(tx, version)),
      },
    };
  }, { isolationLevel: "RepeatableRead", ...transactionOptions });
}
