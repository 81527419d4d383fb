// An app instance of its own for the outbox's crash test (tests/events/webhook-delivery.test.ts):
//
//   write-and-hang <url>  sets up a project with a webhook to <url>, writes brief A, starts sending
//                         A's event (the receiver does not answer), then writes brief B and prints
//                         "ready <json>" with each brief's event ids, and waits to be killed.
//   deliver <offsetMs>    sends what is due at now + offsetMs (a clock that moved on), until
//                         nothing more is, and prints "delivered <n>".
import crypto from "node:crypto";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { createBrief } from "@/lib/briefs/create-brief";
import { closeDatabase, getPrisma } from "@/lib/db/client";
import { fanOutEvents } from "@/lib/events/fan-out-events";
import { createProject } from "@/lib/projects/create-project";
import { ensureUser } from "@/lib/users/ensure-user";
import { deliverDue } from "@/lib/webhooks/deliver-due";
import { createWebhook } from "@/lib/webhooks/manage-webhooks";

async function eventIds(briefId: string): Promise<string[]> {
  const prisma = await getPrisma();
  return (await prisma.outboxEvent.findMany({ where: { briefId }, orderBy: { seq: "asc" } })).map((e) => e.id);
}

async function writeAndHang(url: string): Promise<void> {
  const user = await ensureUser(`crash.${crypto.randomBytes(4).toString("hex")}@example.test`, "Cass");
  const actor: Actor = { userId: user.id, email: user.email, label: actorLabel(user), door: "web", scopes: allScopes };
  const key = () => crypto.randomUUID();
  const { result } = await createProject(actor, { name: "Crash", idempotencyKey: key() });
  await createWebhook(actor, { projectId: result.project.id, url });
  const a = (await createBrief(actor, { projectId: result.project.id, title: "A", idempotencyKey: key() })).result.brief;
  await fanOutEvents();
  // Leases A's delivery and posts it; the receiver never answers, so this never ends.
  void deliverDue();
  const b = (await createBrief(actor, { projectId: result.project.id, title: "B", idempotencyKey: key() })).result.brief;
  console.log(`ready ${JSON.stringify({ a: await eventIds(a.id), b: await eventIds(b.id) })}`);
  await new Promise(() => {});
}

async function deliver(offsetMs: number): Promise<void> {
  const now = new Date(Date.now() + offsetMs);
  let sent = 0;
  for (let round = 0; round < 100; round++) {
    const fanned = await fanOutEvents(now);
    const n = await deliverDue(now);
    sent += n;
    if (fanned === 0 && n === 0) break;
  }
  console.log(`delivered ${sent}`);
  await closeDatabase();
}

const [mode, arg] = process.argv.slice(2);
(mode === "write-and-hang" ? writeAndHang(arg) : deliver(Number(arg))).catch((error) => {
  console.error(error);
  process.exit(1);
});
