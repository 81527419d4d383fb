/**
 * The floor: a checklist toggle written by hand against the driver, with the work the contract asks
 * of one and nothing else — no framework, no MCP, no HTTP. The door's cost is measured against it.
 *
 * One transaction, one statement per step:
 *   BEGIN; receipt lookup; SELECT … FOR UPDATE of the brief (membership checked in the same
 *   statement, so a stranger never waits for or holds the lock); the current version's sections with
 *   their JSON text; parse; checks (writable state, index, expectedText); toggle with attribution;
 *   RFC 8785 canonical hash of the whole content; insert the changed section's blob; insert the
 *   version row; update the brief row; insert the receipt (the result without its content);
 *   COMMIT; build the result JSON (the brief record with its content and the `checklist` mirror).
 *
 * It writes the app's own tables in the app's own format, so the app reads what it wrote.
 */
import crypto from "node:crypto";
import canonicalize from "canonicalize";

export type FloorSql = {
  query(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
};
/** Runs `fn` inside BEGIN … COMMIT (ROLLBACK on a throw). */
export type FloorTransaction = <T>(fn: (sql: FloorSql) => Promise<T>) => Promise<T>;

export type FloorActor = { userId: string; label: string };
export type ToggleArgs = { briefId: string; index: number; expectedText: string; checked: boolean; idempotencyKey: string };

export type Row = { text: string; checked: boolean; addedBy?: string; checkedBy?: string; checkedAt?: string };

const TOOL = "brief_checklist_update";
const RECEIPT_TTL_MS = 24 * 3_600_000;
const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

export class FloorRefusal extends Error {}

/** The QA rows after the toggle `args` asks for, checked by `actor` at `now`; refuses a wrong index or text. */
export function toggledRows(rows: Row[], args: ToggleArgs, actor: FloorActor, now: Date): Row[] {
  if (args.index >= rows.length) throw new FloorRefusal("INDEX_OUT_OF_RANGE");
  const current = rows[args.index];
  if (current.text !== args.expectedText) throw new FloorRefusal("CHECKLIST_TEXT_MISMATCH");
  const toggled: Row = args.checked
    ? { text: current.text, checked: true, ...(current.addedBy !== undefined && { addedBy: current.addedBy }), checkedBy: actor.label, checkedAt: now.toISOString() }
    : { text: current.text, checked: false, ...(current.addedBy !== undefined && { addedBy: current.addedBy }) };
  return rows.map((row, i) => (i === args.index ? toggled : row));
}

/** What a toggle leaves and answers, given the locked brief row, the new rows and the new content hash; both floors share it. */
export function toggleOutcome(brief: Record<string, unknown>, nextRows: Array<{ checked: boolean }>, hash: string) {
  const changed = hash !== brief.currentVersionHash;
  const versionNum = (brief.versionNum as number) + (changed ? 1 : 0);
  // A QA row is outside the approval hash: a toggle never stales an approval, and it moves a
  // `checked` brief back to in_development when it unticks a row.
  const state = brief.state === "checked" && !nextRows.every((row) => row.checked) ? "in_development" : (brief.state as string);
  const record = {
    id: brief.id,
    projectId: brief.projectId,
    title: brief.title,
    state,
    currentVersionHash: changed ? hash : brief.currentVersionHash,
    versionNum,
    createdNewVersion: changed,
    staledApprovals: 0,
  };
  return { changed, versionNum, state, seq: (brief.itemSeq as number) + 1, record };
}

/** Returns the result JSON the client would receive as the tool's structured result. */
export async function floorToggle(transaction: FloorTransaction, actor: FloorActor, args: ToggleArgs): Promise<string> {
  const { idempotencyKey, ...rest } = args;
  const fingerprint = sha256(canonicalize(rest)!);
  return transaction(async (sql) => {
    const [receipt] = await sql.query(
      `SELECT fingerprint, result, "expiresAt" AT TIME ZONE 'UTC' AS "expiresAt" FROM "IdempotencyReceipt" WHERE "userId" = $1 AND tool = $2 AND key = $3`,
      [actor.userId, TOOL, idempotencyKey],
    );
    if (receipt && (receipt.expiresAt as Date) > new Date()) throw new FloorRefusal("replays are not part of the floor's workload");

    const [brief] = await sql.query(
      `SELECT b.id, b."projectId", b.title, b.state, b."versionNum", b."currentVersionHash", b."approvalHash", b."itemSeq",
              b."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"
         FROM "Brief" b
        WHERE b.id = $1
          AND EXISTS (SELECT 1 FROM "Membership" m WHERE m."projectId" = b."projectId" AND m."userId" = $2 AND m.role IN ('owner', 'editor'))
        FOR UPDATE OF b`,
      [args.briefId, actor.userId],
    );
    if (!brief) throw new FloorRefusal("PROJECT_ACCESS_DENIED");
    if (brief.state === "superseded" || brief.state === "closed") throw new FloorRefusal("BRIEF_STATE_CONFLICT");

    const sections = await sql.query(
      `SELECT s.ref->>0 AS key, s.ref->>1 AS hash, c.json
         FROM "BriefVersion" v
         CROSS JOIN LATERAL jsonb_array_elements(v.sections) WITH ORDINALITY AS s(ref, ord)
         JOIN "ContentBlob" c ON c.hash = s.ref->>1
        WHERE v."briefId" = $1 AND v."versionNum" = $2
        ORDER BY s.ord`,
      [args.briefId, brief.versionNum],
    );
    const content: Record<string, unknown> = {};
    for (const section of sections) content[section.key as string] = JSON.parse(section.json as string);

    const rows = (content.testingQaChecklist ?? []) as Row[];
    const now = new Date(Math.max(Date.now(), (brief.updatedAt as Date).getTime()));
    const nextRows = toggledRows(rows, args, actor, now);
    content.testingQaChecklist = nextRows;

    const hash = `sha256:${sha256(canonicalize(content)!)}`;
    const { changed, versionNum, state, seq, record } = toggleOutcome(brief, nextRows, hash);
    if (changed) {
      const json = JSON.stringify(nextRows);
      const blobHash = sha256(json);
      const refs = sections.map((s) => [s.key, s.key === "testingQaChecklist" ? blobHash : s.hash]);
      await sql.query(`INSERT INTO "ContentBlob" (hash, json, "createdAt") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [blobHash, json, now.toISOString()]);
      await sql.query(
        `INSERT INTO "BriefVersion" (id, "briefId", seq, "versionNum", hash, "approvalHash", sections, "createdBy", "createdById", via, "createdAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [crypto.randomUUID(), args.briefId, seq, versionNum, hash, brief.approvalHash, JSON.stringify(refs), actor.label, actor.userId, TOOL, now.toISOString()],
      );
      // The event others hear of (the outbox, lib/events), in the same transaction, as the app records it.
      await sql.query(
        `INSERT INTO "OutboxEvent" (id, type, "projectId", "briefId", "versionNum", "actorId", "actorLabel", data, "createdAt") VALUES ($1, 'brief.checklist_ticked', $2, $3, $4, $5, $6, $7, $8)`,
        [crypto.randomUUID(), brief.projectId, args.briefId, versionNum, actor.userId, actor.label, JSON.stringify({ index: args.index, checked: args.checked }), now.toISOString()],
      );
      await sql.query(
        `UPDATE "Brief" SET "versionNum" = $2, "currentVersionHash" = $3, state = $4::"BriefState", "itemSeq" = $5, "updatedAt" = $6 WHERE id = $1`,
        [args.briefId, versionNum, hash, state, seq, now.toISOString()],
      );
    }
    await sql.query(
      `INSERT INTO "IdempotencyReceipt" (id, "userId", tool, key, fingerprint, result, "createdAt", "expiresAt") VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [crypto.randomUUID(), actor.userId, TOOL, idempotencyKey, fingerprint, JSON.stringify({ brief: record }), now.toISOString(), new Date(now.getTime() + RECEIPT_TTL_MS).toISOString()],
    );
    return { record, content };
  }).then(({ record, content }) => JSON.stringify({ brief: { ...record, content: { ...content, checklist: content.testingQaChecklist } } }));
}
