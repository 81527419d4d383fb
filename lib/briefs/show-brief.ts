import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { hasScopes, readScopes, writeScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { roleAllows } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { briefToMarkdown } from "./brief-markdown";
import { toBriefView, type BriefView } from "./brief-view";
import { findReadableBrief } from "./find-readable-brief";
import { isReadOnlyState } from "./lifecycle";
import { briefStateLabels } from "./state-labels";
import { showBriefArgsSchema } from "./tool-arguments";
import { loadCurrentContent } from "./version-store";
import { sqlOf } from "@/lib/db/transaction";
import { buildTrace } from "@/lib/trace/build-trace";
import { loadTraceFacts } from "@/lib/trace/trace-facts";
import { transactionOptions } from "@/lib/db/transaction";

/**
 * brief_show: the current brief laid out for the in-chat view, and the same brief as the Markdown
 * export for readers without apps, both from one snapshot. Whether the connection may tick is
 * decided here with the same rules brief_checklist_update applies, so the view never offers a
 * control the write would refuse.
 */
export async function showBrief(actor: Actor, input: z.input<typeof showBriefArgsSchema>): Promise<{ view: BriefView; markdown: string }> {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(showBriefArgsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const { row, project } = await findReadableBrief(tx, actor, args.briefId);
    const { name: projectName } = await tx.project.findUniqueOrThrow({ where: { id: row.projectId }, select: { name: true } });
    const content = await loadCurrentContent(tx, row);
    const brief = { title: row.title, projectName, state: row.state, versionNum: row.versionNum, hash: row.currentVersionHash, updatedAt: row.updatedAt, content };
    const readOnlyReason = !hasScopes(actor.scopes, writeScopes)
      ? "This connection may only read briefs."
      : !roleAllows(project.role, "write")
        ? `You are a ${project.role} of this project; editors and owners tick the checklist.`
        : isReadOnlyState(row.state)
          ? `The brief is ${briefStateLabels[row.state].toLowerCase()}; its checklist no longer changes.`
          : null;
    const criteria = buildTrace(row, content, await loadTraceFacts(sqlOf(tx), row.id)).criteria.map(({ id, text, status }) => ({ id, text, status }));
    return {
      view: toBriefView({ ...brief, briefId: row.id, role: project.role, readOnlyReason, criteria }),
      markdown: briefToMarkdown(brief),
    };
  }, { isolationLevel: "RepeatableRead", ...transactionOptions });
}
