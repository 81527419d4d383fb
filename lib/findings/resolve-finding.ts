import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toCollectionItem } from "@/lib/briefs/collection-item";
import { assertWritable } from "@/lib/briefs/lock-brief";
import type { StatusItem } from "@/lib/evidence/evidence-schema";
import { runLockedWrite } from "@/lib/briefs/run-brief-write";
import { findFinding, findingNotOpen } from "./find-finding";
import { resolveFindingArgsSchema } from "./finding-schema";

const TOOL = "brief_finding_resolve";

type Resolution = { status: "resolved"; resolvedBy: string; resolvedAt: string; resolution?: string };

/**
 * An owner or editor resolves an open finding, with an optional resolution (docs/contract.md#findings).
 * Exactly once per key; a finding already resolved is BRIEF_STATE_CONFLICT, reason FINDING_NOT_OPEN.
 */
export async function resolveFinding(actor: Actor, input: z.input<typeof resolveFindingArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(resolveFindingArgsSchema, input);
  return runLockedWrite<{ finding: StatusItem }>(actor, TOOL, args, async ({ sql, batch, brief, now, events }) => {
    assertWritable(brief);
    const finding = await findFinding(sql, brief.row.id, args.findingId, "findingId");
    if (finding.status !== "open") throw findingNotOpen(brief, finding);
    const resolution: Resolution = {
      status: "resolved",
      resolvedBy: actor.label,
      resolvedAt: now.toISOString(),
      ...(args.resolution !== undefined && args.resolution.trim() !== "" && { resolution: args.resolution }),
    };
    batch.add(`UPDATE "BriefItem" SET status = 'resolved', data = data || $2::jsonb WHERE id = $1`, [finding.id, JSON.stringify(resolution)]);
    batch.add(`UPDATE "Brief" SET "updatedAt" = $2 WHERE id = $1`, [brief.row.id, now.toISOString()]);
    events.push({ type: "finding.resolved", data: { findingId: finding.id, byEvidenceId: null } });
    const data = typeof finding.data === "string" ? JSON.parse(finding.data) : finding.data;
    return { finding: { ...toCollectionItem({ ...finding, data: { ...data, ...resolution } }), status: "resolved" } };
  });
}
