import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { boundedText } from "@/lib/contract/bounded-text";
import { COMPLETION_VALUES_MAX } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { findReadableBrief } from "./find-readable-brief";

const argsSchema = z.strictObject({ briefId: z.string().min(1), value: boundedText(0, 10) });

/**
 * Version numbers of a brief the caller can read that start with the typed digits, newest first.
 * Versions are numbered 1..versionNum without gaps (docs/contract.md#versions).
 */
export async function completeVersionNum(actor: Actor, input: z.input<typeof argsSchema>): Promise<string[]> {
  requireScopes(actor, readScopes);
  const { briefId, value } = parseOrThrow(argsSchema, input);
  const prisma = await getPrisma();
  const { row } = await findReadableBrief(prisma, actor, briefId);
  const numbers: string[] = [];
  for (let n = row.versionNum; n >= 1 && numbers.length < COMPLETION_VALUES_MAX; n--) {
    if (String(n).startsWith(value)) numbers.push(String(n));
  }
  return numbers;
}
