import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { decodeCursor } from "@/lib/paging/cursor";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging/page-size";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { collectionCursorScope, collectionPage } from "./collection-page";
import { findReadableBrief } from "./find-readable-brief";
import type { CollectionKey } from "./schema";
import { listCollectionArgsSchema } from "./tool-arguments";
import type { Tx } from "@/lib/db/transaction";
import { loadCurrentContent } from "./version-store";
import { withStanding } from "@/lib/proposals/proposal-page";

/** brief_collection_list: one page of one collection; access is checked again on every page. */
export async function listCollection(actor: Actor, input: z.input<typeof listCollectionArgsSchema>) {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(listCollectionArgsSchema, input);
  const prisma = await getPrisma();
  let beforeSeq: number | undefined;
  const read = async (tx: Tx) => {
    const { row } = await findReadableBrief(tx, actor, args.briefId);
    if (args.cursor) {
      const key = decodeCursor(args.cursor, collectionCursorScope(args.briefId, args.collection));
      if (!Number.isInteger(key)) throw new DomainError("INVALID_CURSOR", "The cursor is not valid: malformed.", { reason: "malformed" });
      beforeSeq = key as number;
    }
    const page = await collectionPage(tx, args.briefId, args.collection, beforeSeq, args.limit ?? DEFAULT_PAGE_SIZE);
    // Open proposals show where they stand against the current version, read in the same snapshot.
    if (args.collection === "proposals") page.items = await withStanding(tx, row, await loadCurrentContent(tx, row), page.items);
    return { collection: args.collection as CollectionKey, ...page };
  };
  return args.collection === "proposals" ? prisma.$transaction(read, { isolationLevel: "RepeatableRead" }) : read(prisma);
}
