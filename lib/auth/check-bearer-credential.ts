import { getSql } from "@/lib/db/client";
import { withStatementAhead, type StatementAhead } from "@/lib/db/statement-ahead";
import type { RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { decisionOf, selectCounting, type CountedColumns, type RequestCount } from "@/lib/rate-limit/count-in-statement";
import { actorLabel, type Actor } from "./actor";
import { isScope } from "./scopes";

// "Last used" is for people reading their tokens and connected apps; minute precision spares a write per call.
const LAST_USED_RESOLUTION_MS = 60_000;

/** How one kind of bearer credential is found and its use recorded. */
export type CredentialLookup = {
  /**
   * Names the credential in this process's memory of known actors (below): its kind and the hash
   * it is looked up by, never the credential itself.
   */
  key: string;
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
  const statement = checkStatement(lookup, count, now);
  const [row] = await sql.query<CredentialRow>(statement.text, statement.params);
  if (!row || !row.usable) {
    knownActors.delete(lookup.key);
    return null;
  }
  if (!row.recentlyUsed) await sql.query(lookup.touch, [row.touchId, now.toISOString()]);
  const actor = actorOf(row);
  remember(lookup.key, actor);
  return { actor, limit: decisionOf(count, row, now) };
}

/** Why a known credential's check, sent ahead of a request's work, stopped that work. */
export class CredentialNotConfirmed extends Error {
  constructor(
    /** refused: unknown, expired or revoked now; limited: over its request limit; changed: it acts for other facts than remembered. */
    readonly reason: "refused" | "limited" | "changed",
    readonly retryAfterSeconds = 0,
  ) {
    super(`The credential was not confirmed: ${reason}.`);
  }
}

/** What work run under a known credential came to: its result once the credential was confirmed, or why it was not. */
export type KnownCredentialOutcome<T> = { confirmed: true; value: T } | { confirmed: false; reason: CredentialNotConfirmed["reason"]; retryAfterSeconds: number };

/**
 * A credential this process checked before, without waiting for the database: the actor it acted
 * for then — whose facts (user, email, token name, scopes) a credential keeps for its life — and
 * `run`, which runs work as that actor with the same check and count as checkBearerCredential's
 * sent ahead of the work's own statements (lib/db/statement-ahead.ts): a write pays no round trip
 * of its own for them. Nothing of the work commits, and `run` returns nothing of it, before the
 * check has confirmed the credential as it stands in the database now; when it does not — no longer
 * usable, over its limit, or acting for other facts than remembered — the work is refused (its
 * transactions roll back) and `run` says why. Null for a credential this process does not know:
 * check it with checkBearerCredential first.
 */
export function knownBearerCredential(
  lookup: CredentialLookup,
  count: RequestCount | null,
  now: Date,
): { actor: Actor; run<T>(work: () => Promise<T>): Promise<KnownCredentialOutcome<T>> } | null {
  const actor = knownActors.get(lookup.key);
  if (!actor) return null;
  let touchId: string | undefined;
  const check: StatementAhead = {
    ...checkStatement(lookup, count, now),
    accept([row]) {
      const checked = row as CredentialRow | undefined;
      if (!checked?.usable) {
        knownActors.delete(lookup.key);
        throw new CredentialNotConfirmed("refused");
      }
      if (!sameActor(actorOf(checked), actor)) {
        knownActors.delete(lookup.key);
        throw new CredentialNotConfirmed("changed");
      }
      const limit = decisionOf(count, checked, now);
      if (!limit.allowed) throw new CredentialNotConfirmed("limited", limit.retryAfterSeconds);
      if (!checked.recentlyUsed) touchId = checked.touchId;
    },
  };
  return {
    actor,
    async run(work) {
      const sql = await getSql();
      try {
        const value = await withStatementAhead(check, (text, params) => sql.query(text, params), work);
        if (touchId !== undefined) await sql.query(lookup.touch, [touchId, now.toISOString()]);
        return { confirmed: true, value };
      } catch (error) {
        if (!(error instanceof CredentialNotConfirmed)) throw error;
        return { confirmed: false, reason: error.reason, retryAfterSeconds: error.retryAfterSeconds };
      }
    },
  };
}

function checkStatement(lookup: CredentialLookup, count: RequestCount | null, now: Date): { text: string; params: unknown[] } {
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  return selectCounting({ text: lookup.text, params: [now.toISOString(), since.toISOString(), ...lookup.params] }, count, now);
}

function actorOf(row: CredentialRow): Actor {
  return {
    userId: row.userId,
    email: row.email,
    label: actorLabel({ email: row.email, tokenName: row.tokenName }),
    door: "mcp",
    scopes: (row.scopes ?? []).filter(isScope),
  };
}

function sameActor(a: Actor, b: Actor): boolean {
  return a.userId === b.userId && a.email === b.email && a.label === b.label && a.scopes.length === b.scopes.length && a.scopes.every((scope, i) => scope === b.scopes[i]);
}

// The actors of credentials that passed a check, by CredentialLookup.key: never a reason to let a
// request through, only what to act as while the request's own check travels with its work. At
// most KNOWN_MAX; the oldest is forgotten first.
const KNOWN_MAX = 10_000;
const holder = globalThis as unknown as { __briefsKnownActors?: Map<string, Actor> };
const knownActors = (holder.__briefsKnownActors ??= new Map());

function remember(key: string, actor: Actor): void {
  knownActors.delete(key);
  knownActors.set(key, actor);
  if (knownActors.size > KNOWN_MAX) knownActors.delete(knownActors.keys().next().value!);
}
