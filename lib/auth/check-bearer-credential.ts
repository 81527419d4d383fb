import { getSql } from "@/lib/db/client";
import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { decisionOf, selectCounting, type CountedColumns, type RequestCount } from "@/lib/rate-limit/count-in-statement";
import { actorLabel, type Actor } from "./actor";
import { isScope } from "./scopes";

// "Last used" is for people reading their tokens and connected apps; minute precision spares a write per call.
const LAST_USED_RESOLUTION_MS = 60_000;

/** How one kind of bearer credential is found and its use recorded. */
export type CredentialLookup = {
  /**
   * At most one row with the columns "touchId", "userId", email, "tokenName", scopes, usable and
   * "recentlyUsed". $1 is the time of the check and $2 the time since which a use counts as recent;
   * the lookup's own parameters follow from $3.
   */
  text: string;
  params: unknown[];
  /** Records a use: $1 is the row's "touchId", $2 the time. */
  touch: string;
};

type CredentialRow = CountedColumns & {
  touchId: string;
  userId: string;
  email: string;
  tokenName: string;
  scopes: string[] | null;
  usable: boolean;
  recentlyUsed: boolean;
};

/**
 * A bearer credential (a personal API token or an OAuth access token) → the MCP Actor it acts for
 * and, with `count`, its request counted in the same statement (lib/rate-limit/count-in-statement.ts);
 * null when it is unknown or not usable, and then nothing is counted. One round trip, two once a
 * minute when its last use is recorded.
 */
export async function checkBearerCredential(lookup: CredentialLookup, count: RequestCount | null, now: Date): Promise<{ actor: Actor; limit: RateLimitDecision } | null> {
  const sql = await getSql();
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  const statement = selectCounting({ text: lookup.text, params: [now.toISOString(), since.toISOString(), ...lookup.params] }, count, now);
  const [row] = await sql.query<CredentialRow>(statement.text, statement.params);
  if (!row || !row.usable) return null;
  if (!row.recentlyUsed) await sql.query(lookup.touch, [row.touchId, now.toISOString()]);
  const actor: Actor = {
    userId: row.userId,
    email: row.email,
    label: actorLabel({ email: row.email, tokenName: row.tokenName }),
    door: "mcp",
    scopes: (row.scopes ?? []).filter(isScope),
  };
  return { actor, limit: decisionOf(count, row, now) };
}
