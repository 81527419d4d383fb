import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { fanOutEvents } from "@/lib/events/fan-out-events";
import { purgeOldEvents } from "@/lib/events/purge-old-events";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import { listDeliveries, redeliver, sendTestEvent } from "@/lib/webhooks/delivery-log";
import { createWebhook, updateWebhook } from "@/lib/webhooks/manage-webhooks";
import { addMember, newProject, projectWithPeople } from "../support/fixtures";
import { append, newBrief, toggle, readyContent } from "../support/briefs";
import { captureMails } from "../support/mail-capture";
import { listNotifications } from "@/lib/notifications/list-notifications";
import { mailNotifications } from "@/lib/notifications/mail-notifications";
import { runTsx } from "../support/spawn-tsx";
import { webhookReceiver } from "../support/webhook-receiver";

process.env.BRIEFS_WEBHOOK_ALLOW_LOOPBACK = "1";

/** Sends everything due at `now` until nothing more is (what the worker does between changes). */
async function deliverAll(now = new Date()): Promise<void> {
  for (let round = 0; round < 200; round++) {
    const fanned = await fanOutEvents(now);
    const sent = await deliverDue(now);
    if (fanned === 0 && sent === 0) return;
  }
  throw new Error("delivery does not settle");
}

async function eventIdsOf(briefId: string): Promise<string[]> {
  const prisma = await getPrisma();
  return (await prisma.outboxEvent.findMany({ where: { briefId }, orderBy: { seq: "asc" } })).map((e) => e.id);
}

const HOUR = 3_600_000;

describe(`webhook delivery on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let editor: Actor;
  let projectId: string;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    ({ projectId, owner, editor } = await projectWithPeople({ owner: "owner", editor: "editor" }, "Hooks"));
    receiver = await webhookReceiver();
    // Events recorded by other tests' projects are fanned out here too: start from a clean slate.
    await deliverAll();
  });
  afterAll(() => receiver.stop());

  it("signs every delivery so the Standard Webhooks verifier accepts it, under the event's id, without section text", async () => {
    const { secret, webhook } = await createWebhook(owner, { projectId, url: receiver.url() });
    expect(secret).toMatch(/^whsec_/);
    const brief = await newBrief(editor, projectId, readyContent({ goal: "A secret goal" }), "Signed");
    await toggle(editor, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });
    await deliverAll();

    const ours = receiver.received.filter((r) => JSON.parse(r.body).data.briefId === brief.id);
    expect(ours.map((r) => r.id)).toEqual(await eventIdsOf(brief.id));
    const verifier = new Webhook(secret);
    for (const delivery of ours) {
      expect(() => verifier.verify(delivery.body, delivery.headers)).not.toThrow();
      expect(delivery.body).not.toContain("A secret goal");
      expect(delivery.body).not.toContain("spreadsheet");
    }
    expect(JSON.parse(ours[1].body)).toMatchObject({
      type: "brief.checklist_ticked",
      data: { projectId, briefId: brief.id, versionNum: 2, index: 0, checked: true, actor: { userId: editor.userId, label: editor.label }, links: { resource: `brief://${brief.id}` } },
    });
    // Another secret does not verify: the signature is over this body with this secret.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(ours[0].body, ours[0].headers)).toThrow();
    await updateWebhook(owner, { endpointId: webhook.id, enabled: false });
  });

  it("sends only the kinds an endpoint asked for", async () => {
    const picky = await webhookReceiver();
    const { webhook } = await createWebhook(owner, { projectId, url: picky.url(), events: ["comment.created"] });
    const brief = await newBrief(editor, projectId, readyContent(), "Picky");
    await append(owner, { briefId: brief.id, collection: "comments", item: { body: "Hello" } });
    await deliverAll();
    expect(picky.received.map((r) => JSON.parse(r.body).type)).toEqual(["comment.created"]);
    await updateWebhook(owner, { endpointId: webhook.id, enabled: false });
    await picky.stop();
  });

  it("gets every event in order once a stopped receiver is back, retrying with back-off, with no id twice", async () => {
    const flaky = await webhookReceiver();
    const { webhook } = await createWebhook(owner, { projectId, url: flaky.url() });
    await flaky.stop();
    const brief = await newBrief(editor, projectId, readyContent(), "Down for a while");
    for (let i = 0; i < 4; i++) await append(editor, { briefId: brief.id, collection: "comments", item: { body: `Note ${i}` } });

    const start = new Date();
    await deliverAll(start);
    // Only the brief's first event was tried: the rest wait behind it, to keep their order.
    let log = await listDeliveries(owner, webhook.id);
    expect(log.filter((d) => d.attempts > 0).map((d) => d.eventType)).toEqual(["brief.created"]);
    const first = log.find((d) => d.attempts > 0)!;
    expect(first.status).toBe("pending");
    expect(first.lastError).toMatch(/could not be reached/);
    const retryIn = new Date(first.nextAttemptAt!).getTime() - start.getTime();
    expect(retryIn).toBeGreaterThanOrEqual(4_000);
    expect(retryIn).toBeLessThanOrEqual(6_500);

    // Not due yet: nothing is tried. Then the second retry waits about a minute.
    await deliverAll(new Date(start.getTime() + 1_000));
    await deliverAll(new Date(start.getTime() + 7_000));
    log = await listDeliveries(owner, webhook.id);
    expect(log.find((d) => d.id === first.id)!.attempts).toBe(2);

    await flaky.start();
    await deliverAll(new Date(start.getTime() + 2 * 60_000));
    expect(flaky.received.map((r) => r.id)).toEqual(await eventIdsOf(brief.id));
    log = await listDeliveries(owner, webhook.id);
    expect(log.every((d) => d.status === "delivered")).toBe(true);
    expect(log.find((d) => d.id === first.id)).toMatchObject({ attempts: 3, responseStatus: 200 });
    await updateWebhook(owner, { endpointId: webhook.id, enabled: false });
    await flaky.stop();
  });

  it("shares the work between two workers without sending any delivery twice, each brief in its order", async () => {
    const busy = await webhookReceiver();
    const { webhook } = await createWebhook(owner, { projectId, url: busy.url(), events: ["comment.created", "brief.created"] });
    const briefs = await Promise.all(["A", "B", "C"].map((name) => newBrief(editor, projectId, readyContent(), `Busy ${name}`)));
    await Promise.all(briefs.flatMap((brief) => [0, 1, 2, 3].map((i) => append(editor, { briefId: brief.id, collection: "comments", item: { body: `${brief.title} ${i}` } }))));
    // Two workers at once, as on two instances, until neither finds anything.
    await Promise.all([deliverAll(), deliverAll()]);
    const ids = busy.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const brief of briefs) {
      const ofBrief = busy.received.filter((r) => JSON.parse(r.body).data.briefId === brief.id).map((r) => r.id);
      expect(ofBrief).toEqual(await eventIdsOf(brief.id));
    }
    await updateWebhook(owner, { endpointId: webhook.id, enabled: false });
    await busy.stop();
  });

  it("gives a delivery up after 24 hours and disables an endpoint that failed for 3 days, telling its owners", async () => {
    const failing = await webhookReceiver({ status: 500 });
    const { webhook } = await createWebhook(owner, { projectId, url: failing.url(), events: ["comment.created"] });
    const brief = await newBrief(editor, projectId, readyContent(), "Failing");
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: "First" } });
    const start = new Date();
    await deliverAll(start);
    expect((await listDeliveries(owner, webhook.id))[0]).toMatchObject({ status: "pending", responseStatus: 500, lastError: "answered 500" });

    // A test clock: every retry as it comes due, for a day.
    for (let at = start.getTime(); at <= start.getTime() + 25 * HOUR; at += 5 * 60_000) await deliverAll(new Date(at));
    const [givenUp] = await listDeliveries(owner, webhook.id);
    expect(givenUp.status).toBe("failed");
    // 5 s, 1 min, 5 min, 30 min, 2 h, then every 5 h: 10 attempts fit in 24 hours.
    expect(givenUp.attempts).toBeGreaterThanOrEqual(8);
    expect(givenUp.attempts).toBeLessThanOrEqual(10);
    const prisma = await getPrisma();
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhook.id } })).enabled).toBe(true);

    // Still failing on day 3 (a new event, its own retries): the endpoint is turned off.
    const later = new Date(start.getTime() + 72 * HOUR + 60_000);
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: "Third day" } });
    await deliverAll(later);
    const mail = captureMails();
    try {
      await mailNotifications(later);
    } finally {
      mail.restore();
    }
    const endpoint = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: "Every delivery failed for 3 days." });
    // Its owners are told, in their inbox and by mail with an unsubscribe link; its editors are not.
    const told = `Webhook to ${failing.url()} in Hooks turned off: every delivery failed for 3 days`;
    expect(mail.to(owner.email).map((m) => m.subject)).toEqual([told]);
    expect(mail.to(owner.email)[0].text).toMatch(/Stop these mails: \S+\/unsubscribe\?/);
    expect(mail.to(owner.email)[0].text).toContain(`/projects/${projectId}/settings/webhooks`);
    expect((await listNotifications(owner)).items.map((n) => n.title)).toContain(told);
    expect(mail.to(editor.email)).toEqual([]);
    // Nothing more is tried while it is off; the pending delivery is kept for when it is back.
    const tries = failing.received.length;
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: "While off" } });
    await deliverAll(new Date(later.getTime() + HOUR));
    expect(failing.received.length).toBe(tries);

    // Turned on again, with the receiver fixed: the kept events go, oldest first.
    failing.answer(200);
    await updateWebhook(owner, { endpointId: webhook.id, enabled: true });
    await deliverAll(new Date(later.getTime() + 2 * HOUR));
    const delivered = failing.received.slice(tries).map((r) => JSON.parse(r.body).type);
    expect(delivered).toEqual(["comment.created", "comment.created"]);
    await updateWebhook(owner, { endpointId: webhook.id, enabled: false });
    await failing.stop();
  });

  it("redelivers under the same id, and sends a test event to one endpoint only", async () => {
    const again = await webhookReceiver();
    const { webhook, secret } = await createWebhook(owner, { projectId, url: again.url(), events: ["comment.created"] });
    const brief = await newBrief(editor, projectId, readyContent(), "Again");
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: "Once more" } });
    await deliverAll();
    const [delivery] = await listDeliveries(owner, webhook.id);
    await redeliver(owner, delivery.id);
    await deliverAll();
    expect(again.received.map((r) => r.id)).toEqual([delivery.eventId, delivery.eventId]);

    const { eventId } = await sendTestEvent(owner, webhook.id);
    await deliverAll();
    const test = again.received.at(-1)!;
    expect(test.id).toBe(eventId);
    expect(JSON.parse(test.body)).toMatchObject({ type: "webhook.test", data: { projectId, test: true } });
    expect(() => new Webhook(secret).verify(test.body, test.headers)).not.toThrow();
    // An editor is not an owner: the log and its actions are refused.
    await expect(listDeliveries(editor, webhook.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(redeliver(editor, delivery.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await updateWebhook(owner, { endpointId: webhook.id, enabled: false });
    await again.stop();
  });

  it("keeps events 30 days after they were fanned out, longer while one of their deliveries is pending", async () => {
    // A project of its own: the other tests' endpoints (turned off, keeping their events) are not here.
    const quiet = await newProject(owner, "Retention");
    await addMember(quiet, editor, "editor");
    const keeper = await webhookReceiver({ status: 500 });
    const { webhook } = await createWebhook(owner, { projectId: quiet, url: keeper.url(), events: ["comment.created"] });
    const brief = await newBrief(editor, quiet, readyContent(), "Old news");
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: "Kept while pending" } });
    const start = new Date();
    await deliverAll(start);
    await updateWebhook(owner, { endpointId: webhook.id, enabled: false });
    const prisma = await getPrisma();
    const ids = await eventIdsOf(brief.id);
    // Age this brief's events only (other tests' events share the outbox).
    const fannedDaysAgo = (days: number) => prisma.outboxEvent.updateMany({ where: { briefId: brief.id }, data: { fannedOutAt: new Date(start.getTime() - days * 86_400_000) } });
    await fannedDaysAgo(29);
    await purgeOldEvents(start);
    expect(await eventIdsOf(brief.id)).toEqual(ids);
    // 31 days: brief.created (no delivery here) goes; the comment waits for its pending delivery.
    await fannedDaysAgo(31);
    await purgeOldEvents(start);
    const [pending] = await listDeliveries(owner, webhook.id);
    expect(await eventIdsOf(brief.id)).toEqual([pending.eventId]);
    await prisma.webhookDelivery.update({ where: { id: pending.id }, data: { status: "failed" } });
    await purgeOldEvents(start);
    expect(await eventIdsOf(brief.id)).toEqual([]);
    expect(await listDeliveries(owner, webhook.id)).toEqual([]);
    await keeper.stop();
  });

  it("loses nothing when an instance is killed with -9 between commit and delivery, or while sending", async () => {
    // Real processes on one database: an instance that is killed, then the instances after it.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-outbox-"));
    const env = process.env.BRIEFS_TEST_DB === "postgres" ? { DATABASE_URL: process.env.DATABASE_URL } : { DATABASE_URL: undefined, BRIEFS_DATA_DIR: dataDir };
    const crash = await webhookReceiver();
    crash.answer("hang");
    try {
      // One node process (tsx as a loader, not tsx's own wrapper process), so -9 kills the instance itself.
      const doomed = spawn(process.execPath, ["--import", "tsx", "tests/support/outbox-instance.ts", "write-and-hang", crash.url()], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      let err = "";
      doomed.stdout?.on("data", (chunk) => (out += chunk));
      doomed.stderr?.on("data", (chunk) => (err += chunk));
      const exited = new Promise((resolve) => doomed.on("exit", resolve));
      // Brief A's event is being sent (the receiver holds it) and brief B's is committed, unsent.
      await vi.waitFor(() => {
        if (doomed.exitCode !== null) throw new Error(`the instance ended early: ${err}`);
        expect(out).toMatch(/^ready /m);
        expect(crash.received).toHaveLength(1);
      }, { timeout: 60_000, interval: 50 });
      const ids = JSON.parse(/^ready (.*)$/m.exec(out)![1]) as { a: string[]; b: string[] };
      expect(crash.received[0].id).toBe(ids.a[0]);
      doomed.kill("SIGKILL");
      await exited;
      crash.answer(200);

      // The next instance, at once: B's event goes; A's is still leased by the dead one.
      const next = await runTsx("tests/support/outbox-instance.ts", ["deliver", "0"], env);
      expect(next.stderr).toBe("");
      expect(crash.received.map((r) => r.id)).toEqual([...ids.a, ...ids.b]);
      // Once the lease has run out (30 s; the clock moved on), A's event goes again, under its id.
      const later = await runTsx("tests/support/outbox-instance.ts", ["deliver", "31000"], env);
      expect(later.stdout).toContain("delivered 1");
      expect(crash.received.map((r) => r.id)).toEqual([...ids.a, ...ids.b, ...ids.a]);
    } finally {
      await crash.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
