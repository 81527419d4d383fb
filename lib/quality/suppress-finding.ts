import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { DomainError } from "@/lib/errors";
import { insertBriefItem } from "@/lib/briefs/brief-items";
import { toCollectionItem } from "@/lib/briefs/collection-item";
import { assertWritable, versionConflict } from "@/lib/briefs/lock-brief";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { checkedItems } from "./check-content";
import { checkItem } from "./check-item";
import { loadQualityContext, SUPPRESSIONS_COLLECTION } from "./quality-context";
import { CHECKED_SECTIONS, RULE_IDS } from "./rule-ids";
import { suppressionOf } from "./suppressions";

export const SUPPRESSION_REASON_MAX = 500;

export const suppressFindingArgsSchema = z.strictObject({
  briefId: z.string().min(1),
  section: z.enum(CHECKED_SECTIONS),
  index: z.number().int().min(0),
  ruleId: z.enum(RULE_IDS),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** The item's text as the person saw it: a suppression is made on that text and no other. */
  itemText: z.string(),
  reason: z.string().trim().min(1, "Give a reason.").max(SUPPRESSION_REASON_MAX),
  idempotencyKey: idempotencyKeySchema,
});

/**
 * A person suppresses one finding with a reason (docs/quality.md#suppressing). It is kept in the
 * brief's qualitySuppressions collection, attributed, and lapses once the item's text changes.
 * Agents cannot suppress: a finding an agent could silence would gate nothing.
 */
export async function suppressFinding(actor: Actor, input: z.input<typeof suppressFindingArgsSchema>) {
  requireScopes(actor, writeScopes);
  if (actor.door !== "web") throw new DomainError("PROJECT_ACCESS_DENIED", "Only a person, in the browser, can suppress a quality finding.");
  const args = parseOrThrow(suppressFindingArgsSchema, input);
  return runLockedWrite(actor, "quality_suppress", args, async ({ sql, batch, brief, now, events }) => {
    assertWritable(brief);
    const item = checkedItems(brief.content, [args.section]).find((i) => i.index === args.index);
    if (!item || item.text !== args.itemText) {
      throw versionConflict(brief, "ITEM_TEXT_MISMATCH", {}, "The item has changed since the finding was shown: look at it again.");
    }
    const { project, suppressions } = await loadQualityContext(sql, brief.row);
    const finding = checkItem(item, project).find((f) => f.ruleId === args.ruleId && f.start === args.start && f.end === args.end);
    if (!finding) throw new DomainError("VALIDATION_ERROR", "There is no such finding in the item's text.", { issues: [{ path: "ruleId", message: "no finding of this rule at start..end" }] });
    const existing = suppressionOf(finding, item.text, suppressions);
    if (existing) return { suppression: { id: existing.id, alreadySuppressed: true } };
    const row = insertBriefItem(batch, {
      briefId: brief.row.id,
      seq: brief.nextSeq(),
      collection: SUPPRESSIONS_COLLECTION,
      data: {
        section: args.section,
        index: args.index,
        itemId: item.itemId,
        ruleId: args.ruleId,
        start: args.start,
        end: args.end,
        words: finding.words,
        itemText: item.text,
        reason: args.reason,
        createdBy: actor.label,
      },
      createdById: actor.userId,
      now,
    });
    batch.add(`UPDATE "Brief" SET "itemSeq" = $2, "updatedAt" = $3 WHERE id = $1`, [brief.row.id, brief.lastSeq(), now.toISOString()]);
    events.push({ type: "brief.item_added", data: { collection: SUPPRESSIONS_COLLECTION, itemId: row.id } });
    return { suppression: { ...toCollectionItem(row), alreadySuppressed: false } };
  });
}
