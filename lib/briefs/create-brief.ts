import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { getSql } from "@/lib/db/client";
import { uuid7 } from "@/lib/db/uuid7";
import { WriteBatch } from "@/lib/db/write-batch";
import { recordEvents } from "@/lib/events/record-events";
import { accessDenied, validationError } from "@/lib/errors";
import { briefFromMarkdown } from "@/lib/import/brief-from-markdown";
import { addReceipt, receiptLockKey, receiptLookup, receiptLookupParams, settleReceipt, type ReceiptRow } from "@/lib/idempotency/receipt-sql";
import type { IdempotentOutcome } from "@/lib/idempotency/run-idempotent";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { templateForNewBrief } from "@/lib/templates/template-for-new-brief";
import { documentApprovalHash, documentHash, documentOf } from "./brief-document";
import { toBriefRecord } from "./brief-record";
import type { BriefRecord } from "./result-schemas";
import { titleSchema, type BriefContent } from "./schema";
import { briefReceiptCodec } from "./brief-receipt-codec";
import { fingerprint } from "./content-hash";
import { reconcileContentChecklist } from "./reconcile-checklist";
import { createBriefServiceSchema, type createBriefArgsSchema } from "./tool-arguments";
import { parseContentInput } from "./validate-content";
import { storeVersion } from "./version-store";
import { writeSearchDocument } from "./search-document";
import { insertBriefItem } from "./brief-items";
import { diffDecisions } from "./decision-diff";
import { via } from "./via";

import { qualityFindingsIn } from "@/lib/quality/count-findings";
import { CHECKED_SECTIONS } from "@/lib/quality/rule-ids";

const TOOL = "brief_create";

/**
 * A new brief in `drafting` at version 1, with the content given, a template's content, or the
 * empty document.
 */
export async function createBrief(
  actor: Actor,
  input: z.input<typeof createBriefArgsSchema>,
): Promise<IdempotentOutcome<{ brief: BriefRecord; qualityFindings: number }>> {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(createBriefServiceSchema, input);
  const { title, content: given } = newBriefContent(args);
  const { idempotencyKey: key, ...rest } = args;
  const print = fingerprint(rest);
  const scope = { userId: actor.userId, tool: TOOL, key };
  const codec = briefReceiptCodec<{ brief: BriefRecord; qualityFindings: number }>();
  const driver = await getSql();
  return driver.transaction(
    async (sql) => {
      // The receipt first (docs/contract.md#idempotency), then access: one statement.
      const [opened] = await sql.query<{ receipt: ReceiptRow | null; writer: boolean }>(
        `WITH receipt AS (${receiptLookup})
         SELECT (SELECT row_to_json(receipt) FROM receipt) AS receipt,
                EXISTS (SELECT 1 FROM "Membership" WHERE "projectId" = $5 AND "userId" = $1 AND role IN ('owner', 'editor')) AS writer`,
        [...receiptLookupParams(scope, new Date()), args.projectId],
      );
      const replay = await settleReceipt(sql, opened.receipt, print, codec);
      if (replay) return replay;
      if (!opened.writer) throw accessDenied();
      // A template is read in this transaction, after access: its content is what it is now.
      const parsed = args.template === undefined ? (given ?? {}) : parseContentInput(await templateForNewBrief(sql, actor, args.template, args.projectId));

      const now = new Date();
      const batch = new WriteBatch();
      const { row, content } = stageNewBrief(batch, actor, { projectId: args.projectId, title, content: parsed, source: args.markdown === undefined ? undefined : "Markdown" }, now, TOOL);
      const qualityFindings = await qualityFindingsIn(sql, row, content, CHECKED_SECTIONS);
      const outcome = addReceipt(batch, actor, scope, print, { brief: toBriefRecord(row, content, { createdNewVersion: true, staledApprovals: 0 }), qualityFindings }, now, codec);
      await batch.flushLast(sql);
      return outcome;
    },
    { lockKey: receiptLockKey(scope) },
  );
}

/**
 * The title and content a brief_create call asks for: given as content, as Markdown, from a
 * template (read later, inside the transaction), or empty. Only one of the three may be given.
 */
function newBriefContent(args: z.output<typeof createBriefServiceSchema>): { title: string; content: BriefContent | undefined } {
  const given = (["content", "markdown", "template"] as const).filter((field) => args[field] !== undefined);
  if (given.length > 1) {
    throw validationError(
      given.map((field) => ({ path: field, message: `Give one of ${given.join(", ")}, not several.` })),
      `${given.join(" and ")} cannot be given together.`,
    );
  }
  const imported = args.markdown === undefined ? null : briefFromMarkdown(args.markdown, "markdown");
  const title = args.title ?? imported?.title;
  if (title === undefined || title === null) {
    throw validationError([{ path: "title", message: "Required, unless the markdown has a title (front matter `title` or a first `# ` heading)." }]);
  }
  const content = imported ? imported.content : args.content === undefined ? undefined : parseContentInput(args.content);
  return { title: parseOrThrow(titleSchema, title, "title"), content };
}

export type NewBrief = {
  projectId: string;
  title: string;
  /** Parsed content (parseContentInput). */
  content: BriefContent;
  /** An id chosen ahead, when other new briefs link to this one (an import of linked pages). */
  id?: string;
  /** What an imported brief was read from, named in its history. */
  source?: string;
};

/**
 * Adds a new brief's rows to a batch: the brief, version 1, its decisions, its search document and
 * the `brief.created` event. The caller has checked the actor may write to the project, and flushes.
 */
export function stageNewBrief(batch: WriteBatch, actor: Actor, brief: NewBrief, now: Date, tool: string): { row: NewBriefRow; content: BriefContent } {
  const content = reconcileContentChecklist(undefined, brief.content, actor.label, now);
  const document = documentOf(content);
  const row = {
    id: brief.id ?? uuid7(now.getTime()),
    projectId: brief.projectId,
    // Both doors store titles trimmed (docs/contract.md#names-and-titles).
    title: brief.title.trim(),
    state: "drafting" as const,
    versionNum: 1 as const,
    currentVersionHash: documentHash(document),
    approvalHash: documentApprovalHash(document),
  };
  let seq = 0;
  storeVersion(
    batch,
    { briefId: row.id, seq: ++seq, versionNum: 1, hash: row.currentVersionHash, approvalHash: row.approvalHash, createdBy: actor.label, createdById: actor.userId, via: via(actor, tool), source: brief.source, createdAt: now },
    document,
  );
  const decisions = diffDecisions(undefined, content.decisions);
  if (decisions) {
    insertBriefItem(batch, {
      briefId: row.id,
      seq: ++seq,
      collection: "decisionHistory",
      data: { versionNum: 1, ...decisions, changedBy: actor.label, via: via(actor, tool) },
      createdById: actor.userId,
      now,
    });
  }
  batch.add(
    `INSERT INTO "Brief" (id, "projectId", title, state, "versionNum", "currentVersionHash", "approvalHash", "itemSeq", "createdById", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, 'drafting', 1, $4, $5, $6, $7, $8, $8)`,
    [row.id, row.projectId, row.title, row.currentVersionHash, row.approvalHash, seq, actor.userId, now.toISOString()],
  );
  writeSearchDocument(batch, row.id, row.title, document);
  recordEvents(batch, actor, now, [{ type: "brief.created", projectId: row.projectId, briefId: row.id, versionNum: 1 }]);
  return { row, content };
}

type NewBriefRow = {
  id: string;
  projectId: string;
  title: string;
  state: "drafting";
  versionNum: 1;
  currentVersionHash: string;
  approvalHash: string;
};
