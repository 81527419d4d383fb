import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { signUp } from "@/lib/users/sign-up";
import { newUser } from "../support/fixtures";
import { startReadyApp, type AppInstance } from "../support/app-server";
import { newKey, postMcpTo, toolOk } from "./mcp-calls";

/**
 * Two app instances on one PostgreSQL database, without AUTH_SECRET, as behind a load balancer:
 * whatever one signs the other accepts, and a limit counts requests on both together.
 */
describe.runIf(process.env.BRIEFS_TEST_DB === "postgres")("two app instances on PostgreSQL", () => {
  const instances: AppInstance[] = [];
  let a: AppInstance;
  let b: AppInstance;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: process.env.DATABASE_URL,
      AUTH_SECRET: undefined,
      BRIEFS_RATE_LIMITS: "mcp-token=10/1m,sign-in-account=4/15m,sign-in-address=8/15m",
      BRIEFS_TRUST_PROXY: "1",
    };
    // Started together: both try to create the secret at the same moment.
    const started = await Promise.allSettled([startReadyApp(env), startReadyApp(env)]);
    for (const s of started) if (s.status === "fulfilled") instances.push(s.value);
    for (const s of started) if (s.status === "rejected") throw s.reason;
    [a, b] = instances;
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.server.stop()));
  });

  async function newToken(): Promise<string> {
    return (await createApiToken(await newUser("Agent"), { name: "agent", scopes: ["brief:read", "brief:write"] })).token;
  }

  it("share one secret without AUTH_SECRET: a cursor from one is honoured by the other", async () => {
    const token = await newToken();
    const { project } = await toolOk(a.origin, token, "project_create", { name: "Shared", idempotencyKey: newKey() });
    const { brief } = await toolOk(a.origin, token, "brief_create", { projectId: project.id, title: "Paging", idempotencyKey: newKey() });
    for (const text of ["first", "second", "third"]) {
      await toolOk(b.origin, token, "brief_collection_append", { briefId: brief.id, collection: "comments", item: { body: text }, idempotencyKey: newKey() });
    }

    const full = await toolOk(b.origin, token, "brief_get_full", { briefId: brief.id });
    expect(full.collections.comments.items).toHaveLength(3);

    const first = await toolOk(a.origin, token, "brief_collection_list", { briefId: brief.id, collection: "comments", limit: 2 });
    expect(first.items.map((i: { body: string }) => i.body)).toEqual(["third", "second"]);
    const rest = await toolOk(b.origin, token, "brief_collection_list", { briefId: brief.id, collection: "comments", cursor: first.nextCursor });
    expect(rest.items.map((i: { body: string }) => i.body)).toEqual(["first"]);
    expect(rest.nextCursor).toBeNull();
  });

  it("count MCP requests of one token on both instances together, answering 429 with Retry-After", async () => {
    const token = await newToken();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postMcpTo(i % 2 ? b.origin : a.origin, token, "tools/list")).status);
    expect(statuses).toEqual(Array(10).fill(200));

    for (const instance of [a, b]) {
      const refused = await postMcpTo(instance.origin, token, "tools/list");
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await refused.json()).error.message).toContain("Too Many Requests");
    }
    // Another token is not affected.
    expect((await postMcpTo(a.origin, await newToken(), "tools/list")).status).toBe(200);
  });

  describe("password sign-ins through next-auth's own callback route", () => {
    // The instances trust one proxy (BRIEFS_TRUST_PROXY=1): each request names its client in
    // X-Forwarded-For, as a load balancer would, so each test has addresses of its own.
    let nextAddress = 1;
    const newAddress = () => `198.51.100.${nextAddress++}`;

    async function signInThroughCallback(origin: string, email: string, password: string, address: string): Promise<Response> {
      const csrf = await fetch(`${origin}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      return fetch(`${origin}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": address },
        body: new URLSearchParams({ email, password, csrfToken, callbackUrl: `${origin}/projects` }),
      });
    }
    const signedIn = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="));
    const instance = (i: number) => (i % 2 ? b : a);

    it("are limited per account, from any address on any instance; then even the right password waits", async () => {
      const email = `guessed.${crypto.randomBytes(4).toString("hex")}@example.test`;
      await signUp({ email, password: "the-right-one" });

      for (let i = 0; i < 4; i++) {
        const response = await signInThroughCallback(instance(i).origin, email, `wrong-${i}`, newAddress());
        expect(response.status).toBe(302);
        expect(signedIn(response)).toBe(false);
      }
      for (const [i, password] of ["wrong-again", "the-right-one"].entries()) {
        const refused = await signInThroughCallback(instance(i).origin, email, password, newAddress());
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
        expect(signedIn(refused)).toBe(false);
      }
    });

    it("are limited per client address, whichever accounts it tries", async () => {
      const address = newAddress();
      const guess = (i: number) => signInThroughCallback(instance(i).origin, `nobody.${i}.${crypto.randomBytes(4).toString("hex")}@example.test`, "guess", address);
      for (let i = 0; i < 8; i++) expect((await guess(i)).status).toBe(302);
      const refused = await guess(8);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
      // Another address is not affected.
      expect((await signInThroughCallback(a.origin, "someone@example.test", "guess", newAddress())).status).toBe(302);
    });

    it("count only failures: the right password signs in again and again", async () => {
      const email = `regular.${crypto.randomBytes(4).toString("hex")}@example.test`;
      await signUp({ email, password: "correct-horse" });
      const address = newAddress();
      for (let i = 0; i < 10; i++) {
        const response = await signInThroughCallback(instance(i).origin, email, "correct-horse", address);
        expect(response.status).toBe(302);
        expect(signedIn(response)).toBe(true);
      }
    });
  });
});
