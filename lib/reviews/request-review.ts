import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { assertWritable } from "@/lib/briefs/lock-brief";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import { stateConflictError } from "@/lib/briefs/lifecycle";
import { DomainError, validationError } from "@/lib/errors";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { emailSchema } from "@/lib/users/user-schema";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";

const TOOL = "review_request";

export const requestReviewSchema = z.strictObject({
  briefId: z.string().min(1).max(200),
  emails: z.array(emailSchema).min(1).max(20),
  idempotencyKey: idempotencyKeySchema,
});

export type ReviewRequested = { requested: Array<{ email: string; label: string }> };

/**
 * An owner asks named members to review a brief in review: the request is written into the open
 * review session (who asked, whom, when), and each person asked is notified (lib/notifications).
 * Someone who is not a member is refused by address, and nothing is written.
 */
export async function requestReview(actor: Actor, input: z.input<typeof requestReviewSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(requestReviewSchema, input);
  return runLockedWrite<ReviewRequested>(
    actor,
    TOOL,
    args,
    async ({ sql, batch, brief, now, events }) => {
      assertWritable(brief);
      if (brief.row.state !== "in_review") {
        const refusal = stateConflictError(brief.row.state, "NOT_IN_REVIEW");
        throw new DomainError("BRIEF_STATE_CONFLICT", "Reviews are requested only while the brief is in review.", refusal.details);
      }
      const emails = [...new Set(args.emails.map((e) => e.toLowerCase()))];
      const members = await sql.query<{ id: string; email: string; label: string }>(
        `SELECT u.id, u.email, COALESCE(NULLIF(u.name, ''), u.email) AS label FROM "User" u JOIN "Membership" m ON m."userId" = u.id AND m."projectId" = $1
          WHERE lower(u.email) = ANY ($2::text[]) ORDER BY u.email`,
        [brief.row.projectId, emails],
      );
      const missing = emails.filter((email) => !members.some((m) => m.email.toLowerCase() === email));
      if (missing.length) throw validationError(missing.map((email) => ({ path: "emails", message: `${email} is not a member of this project` })));
      const [session] = await sql.query<{ id: string }>(
        `SELECT id FROM "BriefItem" WHERE "briefId" = $1 AND collection = 'reviewSessions' AND data->>'status' = 'open' ORDER BY seq DESC LIMIT 1`,
        [brief.row.id],
      );
      const requested = members.map((m) => ({ userId: m.id, email: m.email, label: m.label, requestedBy: actor.label, requestedAt: now.toISOString() }));
      if (session) {
        batch.add(`UPDATE "BriefItem" SET data = jsonb_set(data, '{requested}', COALESCE(data->'requested', '[]'::jsonb) || $2::jsonb) WHERE id = $1`, [session.id, JSON.stringify(requested)]);
      }
      batch.add(`UPDATE "Brief" SET "updatedAt" = $2 WHERE id = $1`, [brief.row.id, now.toISOString()]);
      events.push({ type: "review.requested", data: { userIds: members.map((m) => m.id), sessionId: session?.id ?? null } });
      return { requested: members.map((m) => ({ email: m.email, label: m.label })) };
    },
    undefined,
    "manage",
  );
}
