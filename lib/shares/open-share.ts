import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { loadCurrentContent, loadVersionContent } from "@/lib/briefs/version-store";
import type { BriefContent, BriefState } from "@/lib/briefs/schema";
import { hashShareToken, SHARE_TOKEN_PATTERN } from "./share-token";

export type SharedBrief = { title: string; state: BriefState; versionNum: number; fixed: boolean; content: BriefContent; updatedAt: string };

/**
 * What a share link shows, to anyone holding it, signed in or not: the brief's title, state and
 * content (now, or at the link's fixed version) and nothing else of the project — no comments,
 * members or other briefs, and no names: the QA rows lose who ticked them. Null for a token that is
 * malformed, unknown, revoked or expired (one answer for all, so a link tells nothing once it ends).
 * Each opening is noted as the share's last.
 */
export async function openShare(token: string, now = new Date()): Promise<SharedBrief | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      const share = await tx.share.findUnique({ where: { tokenHash: hashShareToken(token) }, include: { brief: true } });
      if (!share || share.revokedAt || (share.expiresAt && share.expiresAt <= now)) return null;
      await tx.share.update({ where: { id: share.id }, data: { lastOpenedAt: now } });
      const { brief } = share;
      const fixed = share.versionNum !== null;
      const version = fixed ? await tx.briefVersion.findUnique({ where: { briefId_versionNum: { briefId: brief.id, versionNum: share.versionNum! } } }) : null;
      const content = version ? await loadVersionContent(tx, version) : await loadCurrentContent(tx, brief);
      return {
        title: brief.title,
        state: brief.state,
        versionNum: share.versionNum ?? brief.versionNum,
        fixed,
        content: withoutNames(content),
        updatedAt: (version?.createdAt ?? brief.updatedAt).toISOString(),
      };
    },
    { isolationLevel: "RepeatableRead", ...transactionOptions },
  );
}

/**
 * The content without the people in it (checklist rows keep their text and tick only) and without
 * the working notes agents keep in keys starting with "_".
 */
function withoutNames(content: BriefContent): BriefContent {
  const shown = Object.fromEntries(Object.entries(content).filter(([key]) => !key.startsWith("_"))) as BriefContent;
  const rows = shown.testingQaChecklist;
  return rows ? { ...shown, testingQaChecklist: rows.map(({ text, checked }) => ({ text, checked })) } : shown;
}
