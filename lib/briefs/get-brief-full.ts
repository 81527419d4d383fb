import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toBriefRecord } from "./brief-record";
import { collectionPage, type CollectionPage } from "./collection-page";
import { findReadableBrief } from "./find-readable-brief";
import { transitionOptions } from "./transition-options";
import { findLiveApproval } from "./find-live-approval";
import { collectionKeys, type CollectionKey } from "./schema";
import { loadCurrentContent } from "./version-store";
import { getBriefFullArgsSchema } from "./tool-arguments";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";
import { countOpenProposals, withStanding } from "@/lib/proposals/proposal-page";
import { transactionOptions } from "@/lib/db/transaction";


/**
 * brief_get_full: the brief, its lifecycle facts, how many proposals wait for a decision, and the
 * first page of every collection (open proposals with their standing), read in one transaction so
 * they agree with each other.
 */
export async function getBriefFull(actor: Actor, input: z.input<typeof getBriefFullArgsSchema>) {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(getBriefFullArgsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const { row, project } = await findReadableBrief(tx, actor, args.briefId);
    const content = await loadCurrentContent(tx, row);
    const collections = {} as Record<CollectionKey, CollectionPage>;
    for (const key of collectionKeys) collections[key] = await collectionPage(tx, row.id, key, undefined, SHORT_PAGE_SIZE);
    collections.proposals.items = await withStanding(tx, row, content, collections.proposals.items);
    return {
      brief: toBriefRecord(row, content),
      openProposals: await countOpenProposals(tx, row.id),
      lifecycle: {
        updatedAt: row.updatedAt.toISOString(),
        transitions: await transitionOptions(tx, row, content),
        stateReason: row.stateReason,
        successorBriefId: row.successorBriefId,
        yourRole: project.role,
        yourLiveApproval: await findLiveApproval(tx, row.id, actor.userId),
      },
      collections,
    };
  }, { isolationLevel: "RepeatableRead", ...transactionOptions });
}
