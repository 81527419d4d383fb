import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { signUp } from "@/lib/users/sign-up";
import { accountOf, addMember, asActor, newProject } from "../support/fixtures";
import { startReadyApp, type AppInstance } from "../support/app-server";
import { openLiveStream, type EventStream } from "../support/event-stream";
import { signInOverHttp } from "../support/web-session";
import { newKey, toolOk } from "./mcp-calls";

/**
 * Live updates across instances on one PostgreSQL database (docs/operations.md#live-updates): A and
 * B listen (B on DATABASE_DIRECT_URL), C has no direct connection and polls. A write on any instance
 * reaches streams on all of them; a killed listener reconnects and tells its streams to catch up;
 * SIGTERM ends streams at once.
 */
describe.runIf(process.env.BRIEFS_TEST_DB === "postgres")("live updates across instances on PostgreSQL", () => {
  const instances: AppInstance[] = [];
  let a: AppInstance;
  let b: AppInstance;
  let c: AppInstance;
  const aborts = new AbortController();

  beforeAll(async () => {
    const url = process.env.DATABASE_URL!;
    const started = await Promise.allSettled([
      startReadyApp({ DATABASE_URL: url }),
      startReadyApp({ DATABASE_URL: url, DATABASE_DIRECT_URL: url }),
      startReadyApp({ DATABASE_URL: url, DATABASE_DIRECT_URL: "none" }),
    ]);
    for (const s of started) if (s.status === "fulfilled") instances.push(s.value);
    for (const s of started) if (s.status === "rejected") throw s.reason;
    [a, b, c] = instances;
  });

  afterAll(async () => {
    aborts.abort();
    await Promise.all(instances.map((i) => i.server.stop()));
  });

  async function person(name: string) {
    const email = `${name}.${crypto.randomBytes(4).toString("hex")}@example.test`;
    await signUp({ email, password: "live-updates-password" });
    const actor = asActor((await accountOf(email))!);
    const token = (await createApiToken(actor, { name: "Agent", scopes: ["brief:read", "brief:write"] })).token;
    const cookieOn = async (instance: AppInstance) => (await signInOverHttp(instance.origin, email, "live-updates-password")).header();
    return { actor, token, cookieOn };
  }

  async function streamOn(instance: AppInstance, cookie: string, headers: Record<string, string> = {}): Promise<EventStream> {
    const stream = await openLiveStream(instance.origin, cookie, aborts.signal, headers);
    await stream.next((event) => event.kind === "sync");
    return stream;
  }

  async function onDatabase<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }
  const listeners = async () => {
    const rows = await onDatabase<{ pid: number; query: string }>(`SELECT pid, query FROM pg_stat_activity WHERE application_name = 'briefs-live' AND datname = current_database()`);
    return { rows, terminate: () => onDatabase(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'briefs-live' AND datname = current_database()`) };
  };

  it("carries a write on one instance to streams on the others, listening or polling, uncompressed", async () => {
    const pm = await person("pm");
    const projectId = await newProject(pm.actor, "Live");
    const [onB, onC] = await Promise.all([streamOn(b, await pm.cookieOn(b), { "accept-encoding": "gzip, br" }), streamOn(c, await pm.cookieOn(c))]);
    expect(onB.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(onB.response.headers.get("cache-control")).toContain("no-transform");
    expect(onB.response.headers.get("x-accel-buffering")).toBe("no");
    expect(onB.response.headers.get("content-encoding")).toBeNull();

    const { brief } = await toolOk(a.origin, pm.token, "brief_create", { projectId, title: "Watched", idempotencyKey: newKey() });
    const updated = await toolOk(a.origin, pm.token, "brief_update", { briefId: brief.id, content: { goal: "Seen everywhere" }, idempotencyKey: newKey() });
    expect(updated.brief.versionNum).toBe(2);
    for (const stream of [onB, onC]) {
      const event = await stream.next((e) => e.kind === "brief" && e.briefId === brief.id && (e.seq as number) >= 1);
      expect(event).toMatchObject({ projectId, briefId: brief.id });
    }
    // What the event says is what the brief's stamp says.
    const stamp = await fetch(`${b.origin}/api/briefs/${brief.id}/stamp`, { headers: { cookie: await pm.cookieOn(b) } }).then((r) => r.json());
    const last = [...onB.received].reverse().find((e) => e.kind === "brief" && e.briefId === brief.id);
    expect(stamp.data.changeSeq).toBe(last?.seq);
  });

  it.each([
    ["B, listening", 1],
    ["C, polling", 2],
  ])("tells nobody about briefs in projects they are not in, until they join (%s)", async (_name, index) => {
    const on = instances[index];
    const [owner, outsider] = await Promise.all([person("owner"), person("outsider")]);
    const [secret, own] = await Promise.all([newProject(owner.actor, "Secret"), newProject(outsider.actor, "Own")]);
    const stream = await streamOn(on, await outsider.cookieOn(on));
    await toolOk(a.origin, owner.token, "brief_create", { projectId: secret, title: "Not yours", idempotencyKey: newKey() });
    const { brief: mine } = await toolOk(a.origin, outsider.token, "brief_create", { projectId: own, title: "Yours", idempotencyKey: newKey() });
    // Events of one instance arrive in commit order: the outsider's own brief comes, the secret one never did.
    await stream.next((e) => e.kind === "brief" && e.briefId === mine.id);
    expect(stream.received.filter((e) => e.kind === "brief").map((e) => e.projectId)).toEqual([own]);

    // Added to the project: the stream hears that their projects changed, then the project's briefs
    // (a polling instance reads the membership from the signals the database writes down for it).
    const at = stream.received.length;
    await addMember(secret, outsider.actor, "viewer");
    await stream.next((e) => e.kind === "access", { from: at });
    const { brief: shared } = await toolOk(a.origin, owner.token, "brief_create", { projectId: secret, title: "Now shared", idempotencyKey: newKey() });
    await stream.next((e) => e.kind === "brief" && e.briefId === shared.id, { from: at });
  });

  it("reconnects a killed listener, tells streams to catch up, and misses nothing after", async () => {
    const pm = await person("qa");
    const projectId = await newProject(pm.actor, "Resilient");
    const { brief } = await toolOk(a.origin, pm.token, "brief_create", { projectId, title: "Kept current", idempotencyKey: newKey() });
    const cookie = await pm.cookieOn(b);
    const stream = await streamOn(b, cookie);

    // One listening connection per listening instance (A, B, and the suite's shared server when it
    // runs on this database), idle on its LISTEN: found by its last query.
    const before = await listeners();
    expect(before.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of before.rows) expect(row.query).toBe("LISTEN briefs_live");

    const from = stream.received.length;
    await before.terminate();
    // A write while B's listener is down or reconnecting: its notification may be lost...
    const written = await toolOk(a.origin, pm.token, "brief_update", { briefId: brief.id, content: { goal: "Written while B was deaf" }, idempotencyKey: newKey() });
    expect(written.brief.versionNum).toBe(2);
    // ...but B says "sync" once it listens again, and the stamp then shows the write: a page catches up.
    await stream.next((e) => e.kind === "sync", { from, timeoutMs: 15_000 });
    const stamp = await fetch(`${b.origin}/api/briefs/${brief.id}/stamp`, { headers: { cookie } }).then((r) => r.json());
    expect(stamp.data.versionNum).toBe(2);
    expect(stamp.data.changeSeq).toBeGreaterThanOrEqual(1);

    // And later writes flow again.
    const after = await toolOk(a.origin, pm.token, "brief_update", { briefId: brief.id, content: { goal: "After the reconnect" }, idempotencyKey: newKey() });
    expect(after.brief.versionNum).toBe(3);
    await stream.next((e) => e.kind === "brief" && e.briefId === brief.id && (e.seq as number) > (stamp.data.changeSeq as number), { from });
    expect((await listeners()).rows).toHaveLength(before.rows.length);
  });

  it("ends its streams at once on SIGTERM, without waiting for the drain", async () => {
    const pm = await person("ops");
    await newProject(pm.actor, "Draining");
    const stream = await streamOn(c, await pm.cookieOn(c));
    const started = Date.now();
    const stopped = c.server.stop();
    await stream.done;
    await stopped;
    // The drain would hold an open stream for 25 s; the stream ended first, so the process did not wait.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
