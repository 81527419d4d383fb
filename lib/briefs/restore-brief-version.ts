import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { validationError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { findReadableBrief } from "./find-readable-brief";
import { restoreBriefVersionArgsSchema } from "./tool-arguments";
import { updateBrief } from "./update-brief";
import { loadVersionContent } from "./version-store";

const TOOL = "brief_restore_version";

/**
 * Writes an earlier version's content back as a new version, through the same guarded update as
 * every edit: nothing is lost (the versions in between stay), the new version records which one it
 * restored, and a brief that moved past `ifVersionNum` refuses with BRIEF_VERSION_CONFLICT. The QA
 * checklist follows the usual attribution rules, so rows whose tick the restore changes name the
 * person restoring. The title is not versioned and stays as it is.
 */
export async function restoreBriefVersion(actor: Actor, input: z.input<typeof restoreBriefVersionArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(restoreBriefVersionArgsSchema, input);
  // Versions never change once written, so reading this one before the write's lock is safe.
  const prisma = await getPrisma();
  const content = await prisma.$transaction(async (tx) => {
    await findReadableBrief(tx, actor, args.briefId);
    const version = await tx.briefVersion.findUnique({
      where: { briefId_versionNum: { briefId: args.briefId, versionNum: args.versionNum } },
      select: { sections: true },
    });
    if (!version) throw validationError([{ path: "versionNum", message: `The brief has no version ${args.versionNum}.` }]);
    return loadVersionContent(tx, version);
  });
  return updateBrief(
    actor,
    { briefId: args.briefId, content, ifVersionNum: args.ifVersionNum, idempotencyKey: args.idempotencyKey },
    { tool: TOOL, restoredFrom: args.versionNum },
  );
}
