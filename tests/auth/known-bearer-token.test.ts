import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { KnownCredentialOutcome } from "@/lib/auth/check-bearer-credential";
import { getPrisma } from "@/lib/db/client";
import type { RequestCount } from "@/lib/rate-limit/count-in-statement";
import { authenticateAccessTokenAndCount, knownAccessToken } from "@/lib/oauth/authenticate-access-token";
import { exchangeAuthorizationCode } from "@/lib/oauth/exchange-authorization-code";
import { revokeOAuthToken } from "@/lib/oauth/revoke-oauth-token";
import { authenticateApiTokenAndCount, knownApiToken } from "@/lib/tokens/authenticate-api-token";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { newBrief, readyContent } from "../support/briefs";
import { newProject, newUser, uniqueKey } from "../support/fixtures";
import { approvedCode, registeredClient } from "../support/oauth";

type Known = { actor: Actor; run<T>(work: () => Promise<T>): Promise<KnownCredentialOutcome<T>> } | null;
type Issued = { owner: Actor; token: string; revoke(): Promise<void> };

const kinds: Array<{ kind: string; check: typeof authenticateApiTokenAndCount; known: (token: string, count: RequestCount | null) => Known; issue(name: string): Promise<Issued> }> = [
  {
    kind: "a personal API token",
    check: authenticateApiTokenAndCount,
    known: knownApiToken,
    async issue(name) {
      const owner = await newUser(name);
      const { token, apiToken } = await createApiToken(owner, { name: "agent", scopes: ["brief:read", "brief:write"] });
      return { owner, token, revoke: () => revokeApiToken(owner, apiToken.id) };
    },
  },
  {
    kind: "an OAuth access token",
    check: authenticateAccessTokenAndCount,
    known: knownAccessToken,
    async issue(name) {
      const owner = await newUser(name);
      const { client } = await registeredClient({ client_name: "Claude" });
      const { code, verifier } = await approvedCode(owner.userId, client, { scopes: ["brief:read", "brief:write"] });
      const { access_token: token } = await exchangeAuthorizationCode(client, { code, codeVerifier: verifier, redirectUri: null, resource: null });
      return { owner, token, revoke: () => revokeOAuthToken(client, token) };
    },
  },
];

/** A brief of the token's owner with a QA row, and a toggle of that row as the given actor. */
async function toggleable(owner: Actor) {
  const brief = await newBrief(owner, await newProject(owner), readyContent());
  const row = brief.content.testingQaChecklist![0];
  let checked = row.checked;
  return {
    briefId: brief.id,
    toggle: (actor: Actor) => {
      checked = !checked;
      return updateChecklistItem(actor, { briefId: brief.id, index: 0, expectedText: row.text, checked, idempotencyKey: uniqueKey() });
    },
    versionNum: async () => (await (await getPrisma()).brief.findUniqueOrThrow({ where: { id: brief.id } })).versionNum,
  };
}

// A token the door checked before: the request runs as the actor it acted for then, while the same
// check and count travel with the request's first statement. The check still decides: nothing of
// the work is kept unless it confirms the token as it stands now.
describe.each(kinds)(`$kind checked before, on ${process.env.BRIEFS_TEST_DB}`, ({ check, known, issue }) => {
  const limit = (points: number): ((token: string) => RequestCount) => {
    const policy = { name: `test-${crypto.randomBytes(4).toString("hex")}`, points, windowSeconds: 60 };
    return (token) => ({ policy, key: token });
  };

  it("is not known before a check, and then acts as the checked actor, its write checked and counted once", async () => {
    const { owner, token } = await issue("Known");
    const count = limit(10);
    expect(known(token, count(token))).toBeNull();
    const checked = await check(token, count(token));
    expect(checked?.limit).toEqual({ allowed: true, remaining: 9 });

    const remembered = known(token, count(token));
    expect(remembered?.actor).toEqual(checked!.actor);
    const brief = await toggleable(owner);
    const before = await brief.versionNum();
    const outcome = await remembered!.run(() => brief.toggle(remembered!.actor));
    expect(outcome).toMatchObject({ confirmed: true, value: { result: { brief: { createdNewVersion: true } } } });
    expect(await brief.versionNum()).toBe(before + 1);
    // The write's check counted the request: the next check sees the third.
    expect((await check(token, count(token)))?.limit).toEqual({ allowed: true, remaining: 7 });
  });

  it("revoked since: the write is refused and keeps nothing, and the token is forgotten", async () => {
    const { owner, token, revoke } = await issue("Revoked");
    const count = limit(10);
    await check(token, count(token));
    const brief = await toggleable(owner);
    const before = await brief.versionNum();

    await revoke();
    const remembered = known(token, count(token));
    expect(remembered, "still remembered: only a check can tell").not.toBeNull();
    const outcome = await remembered!.run(() => brief.toggle(remembered!.actor));
    expect(outcome).toEqual({ confirmed: false, reason: "refused", retryAfterSeconds: 0 });
    expect(await brief.versionNum()).toBe(before);
    expect(await (await getPrisma()).idempotencyReceipt.count({ where: { userId: owner.userId, tool: "brief_checklist_update" } })).toBe(0);
    expect(known(token, count(token))).toBeNull();
  });

  it("over its limit: the write is refused with the time left and keeps nothing", async () => {
    const { owner, token } = await issue("Limited");
    const count = limit(2);
    await check(token, count(token));
    const brief = await toggleable(owner);
    const before = await brief.versionNum();

    const first = known(token, count(token))!;
    expect((await first.run(() => brief.toggle(first.actor))).confirmed).toBe(true);
    const second = known(token, count(token))!;
    const outcome = await second.run(() => brief.toggle(second.actor));
    expect(outcome).toMatchObject({ confirmed: false, reason: "limited" });
    expect((outcome as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(await brief.versionNum()).toBe(before + 1);
  });

  it("work without a statement of its own is still checked, after it and before its result is given", async () => {
    const { token, revoke } = await issue("No statement");
    const count = limit(10);
    await check(token, count(token));
    const allowed = known(token, count(token))!;
    expect(await allowed.run(async () => "pong")).toEqual({ confirmed: true, value: "pong" });
    await revoke();
    const refused = known(token, count(token))!;
    expect(await refused.run(async () => "pong")).toMatchObject({ confirmed: false, reason: "refused" });
  });
});
