import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { sqlOf } from "@/lib/db/transaction";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { findReadableBrief } from "@/lib/briefs/find-readable-brief";
import { loadCurrentContent } from "@/lib/briefs/version-store";
import { buildTrace } from "./build-trace";
import { loadPullRequestFacts, loadTraceFacts } from "./trace-facts";
import { traceArgsSchema, type Trace } from "./trace-schema";
import { transactionOptions } from "@/lib/db/transaction";

/** brief_trace (docs/contract.md#trace): the current version's trace, read in one snapshot. */
export async function getTrace(actor: Actor, input: z.input<typeof traceArgsSchema>): Promise<Trace> {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(traceArgsSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      const { row } = await findReadableBrief(tx, actor, args.briefId);
      const [content, facts] = [await loadCurrentContent(tx, row), await loadTraceFacts(sqlOf(tx), row.id)];
      return buildTrace(row, content, { ...facts, pullRequests: await loadPullRequestFacts(sqlOf(tx), row.id) });
    },
    { isolationLevel: "RepeatableRead", ...transactionOptions },
  );
}
