import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { DomainError, validationError } from "@/lib/errors";
import type { Sql } from "@/lib/db/sql";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { insertBriefItem } from "./brief-items";
import { toCollectionItem, type CollectionItem } from "./collection-item";
import { assertWritable } from "./lock-brief";
import { runLockedWrite } from "./run-brief-write";
import { type AppendableCollection } from "./schema";
import { APPENDED_ITEM_MAX_BYTES, COMMENT_BODY_MAX } from "@/lib/contract/bounds";
import { appendCollectionItemArgsSchema } from "./tool-arguments";
import { codePointLength } from "@/lib/contract/bounded-text";

const TOOL = "brief_collection_append";

/** Appends to findings, comments, artifacts, workOrders or shares; the caller's keys are kept. */
export async function appendCollectionItem(actor: Actor, input: z.input<typeof appendCollectionItemArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(appendCollectionItemArgsSchema, input);
  const size = Buffer.byteLength(JSON.stringify(args.item), "utf8");
  if (size > APPENDED_ITEM_MAX_BYTES) {
    throw new DomainError("VALIDATION_ERROR", `The item is ${size} bytes of JSON; the limit is ${APPENDED_ITEM_MAX_BYTES}.`, {
      issues: [{ path: "item", message: `at most ${APPENDED_ITEM_MAX_BYTES} bytes of JSON` }],
    });
  }
  if (args.collection === "comments") checkComment(args.item);
  return runLockedWrite<{ collection: AppendableCollection; item: CollectionItem }>(actor, TOOL, args, async ({ sql, batch, brief, now, events }) => {
    assertWritable(brief);
    const data = args.collection === "comments" ? { ...args.item, author: actor.label } : args.item;
    const row = insertBriefItem(batch, {
      briefId: brief.row.id,
      seq: brief.nextSeq(),
      collection: args.collection,
      data: { ...data, createdBy: actor.label },
      createdById: actor.userId,
      now,
    });
    batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
    events.push(
      args.collection === "comments"
        ? { type: "comment.created", data: { commentId: row.id, mentions: await mentionedMembers(sql, brief.row.projectId, String(args.item.body)) } }
        : { type: "brief.item_added", data: { collection: args.collection, itemId: row.id } },
    );
    return { collection: args.collection, item: toCollectionItem(row) };
    // Reviewers comment; the other collections are for those who edit.
  }, undefined, args.collection === "comments" ? "review" : "edit");
}

function checkComment(item: Record<string, unknown>): void {
  const body = item.body;
  if (typeof body !== "string" || body.trim().length === 0 || codePointLength(body) > COMMENT_BODY_MAX) {
    throw validationError([{ path: "item.body", message: `A comment needs a body of 1..${COMMENT_BODY_MAX} characters.` }]);
  }
}

/** An `@` followed by an email address, as typed or as the comment box's completion writes it. */
const MENTION = /(?<![\w.+-])@([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** The members of the project a comment mentions by address; anyone else named is not told. */
async function mentionedMembers(sql: Sql, projectId: string, body: string): Promise<string[]> {
  const addresses = [...new Set([...body.matchAll(MENTION)].map((m) => m[1].replace(/\.$/, "").toLowerCase()))];
  if (!addresses.length) return [];
  const rows = await sql.query<{ id: string }>(
    `SELECT u.id FROM "User" u JOIN "Membership" m ON m."userId" = u.id AND m."projectId" = $1 WHERE lower(u.email) = ANY ($2::text[]) ORDER BY u.id`,
    [projectId, addresses],
  );
  return rows.map((row) => row.id);
}
