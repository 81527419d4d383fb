import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { sqlOf, transactionOptions } from "@/lib/db/transaction";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { checkBriefServiceSchema } from "@/lib/briefs/tool-arguments";
import { parseContentInput } from "@/lib/briefs/validate-content";
import { loadCurrentContent } from "@/lib/briefs/version-store";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { loadQualityContext } from "./quality-context";
import { briefQuality } from "./quality-report";

/**
 * brief_check (docs/quality.md#for-agents): the brief's findings under its project's rules, of the
 * stored content or of a draft given in brief_update's shape. It writes nothing. Suppressed findings
 * are counted in the summary but not listed.
 */
export async function checkBrief(actor: Actor, input: z.input<typeof checkBriefServiceSchema>) {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(checkBriefServiceSchema, input);
  const draft = args.content === undefined ? undefined : parseContentInput(args.content);
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      const { row } = await findReadableBrief(tx, actor, args.briefId);
      const context = await loadQualityContext(sqlOf(tx), row);
      const content = draft ?? (await loadCurrentContent(tx, row));
      const report = briefQuality(content, context.project, context.suppressions);
      return { findings: report.findings, ears: report.ears, summary: { ...report.summary, suppressed: report.suppressed.length } };
    },
    { isolationLevel: "RepeatableRead", ...transactionOptions },
  );
}
