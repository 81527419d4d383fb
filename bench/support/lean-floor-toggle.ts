/**
 * The lean floor: the least a correct checklist toggle can cost on the app's own tables, sent the
 * way the app sends its statements (pipelined on PostgreSQL: a batch leaves at once and its answers
 * come back together). Beside it, bench/support/floor-toggle.ts is the plain floor: one statement per
 * round trip, the membership check in the locking statement, the sections read through a lateral join.
 *
 * Two round trips:
 *   1. BEGIN; the receipt lookup; `SELECT … FOR UPDATE` of the brief joined to its current version's
 *      section list (a plain join on the version's key, no lateral join; no membership check: the
 *      lean floor trusts its caller, so it is a strict lower bound for a door that checks access);
 *   2. the changed section's blob, the version row, the outbox event, the brief row, the receipt and
 *      COMMIT.
 * A section's parsed value and RFC 8785 text are kept per blob hash (blobs never change), as the app
 * keeps them, so a toggle canonicalises only the section it changed; a blob not yet seen costs one
 * more round trip. When the lock was waited for, the join may miss the version committed meanwhile;
 * then the section list is read again.
 */
import crypto from "node:crypto";
import canonicalize from "canonicalize";
import { FloorRefusal, toggledRows, toggleOutcome, type FloorActor, type ToggleArgs } from "./floor-toggle";

type Rows = Array<Record<string, unknown>>;
/** Sends every statement of a batch before reading any answer; answers in the statements' order. */
export type LeanSession = { batch(statements: Array<[string, unknown[]?]>): Promise<Rows[]> };

/** A batch on a pipelined connection: every statement is sent, every answer awaited, the first failure thrown. */
export async function pipelined(send: (text: string, params?: unknown[]) => Promise<Rows>, statements: Array<[string, unknown[]?]>): Promise<Rows[]> {
  const settled = await Promise.allSettled(statements.map(([text, params]) => send(text, params)));
  const failed = settled.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<Rows>).value);
}

type Row = { text: string; checked: boolean; addedBy?: string; checkedBy?: string; checkedAt?: string };
type Section = { value: unknown; canonical: string };

const TOOL = "brief_checklist_update";
const RECEIPT_TTL_MS = 24 * 3_600_000;
const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");
const sections = new Map<string, Section>();

function remember(hash: string, json: string): Section {
  let section = sections.get(hash);
  if (!section) {
    const value = JSON.parse(json) as unknown;
    section = { value, canonical: canonicalize(value)! };
    sections.set(hash, section);
  }
  return section;
}

const LOCK_BRIEF = `SELECT b.id, b."projectId", b.title, b.state, b."versionNum", b."currentVersionHash", b."approvalHash", b."itemSeq",
        b."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt", v.sections
   FROM "Brief" b LEFT JOIN "BriefVersion" v ON v."briefId" = b.id AND v."versionNum" = b."versionNum"
  WHERE b.id = $1
    FOR UPDATE OF b`;

export async function leanFloorToggle(session: LeanSession, actor: FloorActor, args: ToggleArgs): Promise<string> {
  const { idempotencyKey, ...rest } = args;
  const fingerprint = sha256(canonicalize(rest)!);
  let open = true;
  try {
    const [, [receipt], [brief]] = await session.batch([
      ["BEGIN"],
      [`SELECT "expiresAt" AT TIME ZONE 'UTC' AS "expiresAt" FROM "IdempotencyReceipt" WHERE "userId" = $1 AND tool = $2 AND key = $3`, [actor.userId, TOOL, idempotencyKey]],
      [LOCK_BRIEF, [args.briefId]],
    ]);
    if (receipt && (receipt.expiresAt as Date) > new Date()) throw new FloorRefusal("replays are not part of the floor's workload");
    if (!brief) throw new FloorRefusal("BRIEF_NOT_FOUND");
    if (brief.state === "superseded" || brief.state === "closed") throw new FloorRefusal("BRIEF_STATE_CONFLICT");
    let refs = brief.sections as Array<[string, string]> | null;
    if (!refs) {
      const [[version]] = await session.batch([[`SELECT sections FROM "BriefVersion" WHERE "briefId" = $1 AND "versionNum" = $2`, [args.briefId, brief.versionNum]]]);
      refs = version.sections as Array<[string, string]>;
    }
    const missing = refs.filter(([, hash]) => !sections.has(hash)).map(([, hash]) => hash);
    if (missing.length) {
      const [blobs] = await session.batch([[`SELECT hash, json FROM "ContentBlob" WHERE hash = ANY($1)`, [missing]]]);
      for (const blob of blobs) remember(blob.hash as string, blob.json as string);
    }

    const content = new Map(refs.map(([key, hash]) => [key, sections.get(hash)!]));
    const rows = (content.get("testingQaChecklist")?.value ?? []) as Row[];
    const now = new Date(Math.max(Date.now(), (brief.updatedAt as Date).getTime()));
    const nextRows = toggledRows(rows, args, actor, now);
    const json = JSON.stringify(nextRows);
    const blobHash = sha256(json);
    content.set("testingQaChecklist", remember(blobHash, json));

    // RFC 8785 writes an object as its keys in code-unit order, each followed by its value's text.
    const keys = [...content.keys()].sort();
    const hash = `sha256:${sha256(`{${keys.map((key) => `${JSON.stringify(key)}:${content.get(key)!.canonical}`).join(",")}}`)}`;
    const { changed, versionNum, state, seq, record } = toggleOutcome(brief, nextRows, hash);
    const at = now.toISOString();
    const receiptRow: [string, unknown[]] = [
      `INSERT INTO "IdempotencyReceipt" (id, "userId", tool, key, fingerprint, result, "createdAt", "expiresAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [crypto.randomUUID(), actor.userId, TOOL, idempotencyKey, fingerprint, JSON.stringify({ brief: record }), at, new Date(now.getTime() + RECEIPT_TTL_MS).toISOString()],
    ];
    const writes: Array<[string, unknown[]?]> = changed
      ? [
          [`INSERT INTO "ContentBlob" (hash, json, "createdAt") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [blobHash, json, at]],
          [
            `INSERT INTO "BriefVersion" (id, "briefId", seq, "versionNum", hash, "approvalHash", sections, "createdBy", "createdById", via, "createdAt")
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [crypto.randomUUID(), args.briefId, seq, versionNum, hash, brief.approvalHash, JSON.stringify(refs.map(([key, h]) => [key, key === "testingQaChecklist" ? blobHash : h])), actor.label, actor.userId, TOOL, at],
          ],
          [
            `INSERT INTO "OutboxEvent" (id, type, "projectId", "briefId", "versionNum", "actorId", "actorLabel", data, "createdAt") VALUES ($1, 'brief.checklist_ticked', $2, $3, $4, $5, $6, $7, $8)`,
            [crypto.randomUUID(), brief.projectId, args.briefId, versionNum, actor.userId, actor.label, JSON.stringify({ index: args.index, checked: args.checked }), at],
          ],
          [`UPDATE "Brief" SET "versionNum" = $2, "currentVersionHash" = $3, state = $4::"BriefState", "itemSeq" = $5, "updatedAt" = $6 WHERE id = $1`, [args.briefId, versionNum, hash, state, seq, at]],
          receiptRow,
          ["COMMIT"],
        ]
      : [receiptRow, ["COMMIT"]];
    await session.batch(writes);
    open = false;
    const whole = Object.fromEntries([...content].map(([key, section]) => [key, section.value]));
    return JSON.stringify({ brief: { ...record, content: { ...whole, checklist: nextRows } } });
  } finally {
    if (open) await session.batch([["ROLLBACK"]]).catch(() => {});
  }
}
