import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "@/lib/users/sign-up";
import { append, newBrief } from "../support/briefs";
import { accountOf, addMember, asActor, newProject } from "../support/fixtures";
import { startReadyApp, type AppInstance } from "../support/app-server";
import { openLiveStream } from "../support/event-stream";
import { signInOverHttp } from "../support/web-session";

/**
 * The bell hears of a new notification on every kind of instance (docs/operations.md#live-updates):
 * one that listens on PostgreSQL and one with no direct connection, which polls. A mention in a
 * comment is made into a notification by the delivery worker; the recipient's open stream then says
 * `notification` and the bell's count reads it, without a reload.
 */
describe.runIf(process.env.BRIEFS_TEST_DB === "postgres")("the bell on listening and polling instances", () => {
  const instances: AppInstance[] = [];
  const aborts = new AbortController();

  beforeAll(async () => {
    const url = process.env.DATABASE_URL!;
    const started = await Promise.allSettled([startReadyApp({ DATABASE_URL: url }), startReadyApp({ DATABASE_URL: url, DATABASE_DIRECT_URL: "none" })]);
    for (const s of started) if (s.status === "fulfilled") instances.push(s.value);
    for (const s of started) if (s.status === "rejected") throw s.reason;
  });

  afterAll(async () => {
    aborts.abort();
    await Promise.all(instances.map((i) => i.server.stop()));
  });

  async function person(name: string) {
    const email = `${name}.${crypto.randomBytes(4).toString("hex")}@example.test`;
    await signUp({ email, password: "bell-password" });
    return { email, actor: asActor((await accountOf(email))!) };
  }

  it.each([
    ["listening", 0],
    ["polling", 1],
  ])("rings the recipient's bell when a comment mentions them (%s)", async (_name, index) => {
    const on = instances[index];
    const [author, reader] = await Promise.all([person("author"), person("reader")]);
    const projectId = await newProject(author.actor, "Bell");
    await addMember(projectId, reader.actor, "viewer");
    const brief = await newBrief(author.actor, projectId);
    const cookie = (await signInOverHttp(on.origin, reader.email, "bell-password")).header();
    const unread = async () => ((await fetch(`${on.origin}/api/notifications/count`, { headers: { cookie } }).then((r) => r.json())) as { data: { unread: number } }).data.unread;
    const stream = await openLiveStream(on.origin, cookie, aborts.signal);
    await stream.next((event) => event.kind === "sync");
    expect(await unread()).toBe(0);

    const from = stream.received.length;
    await append(author.actor, { briefId: brief.id, collection: "comments", item: { body: `Could you check the limits, @${reader.email}?` } });
    // The worker makes the notification within a second of the write; a poll reads it within half of one.
    await stream.next((event) => event.kind === "notification", { from, timeoutMs: 5_000 });
    expect(await unread()).toBe(1);
  });
});
