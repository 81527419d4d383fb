import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { createWebhook, createWebhookAsOperator, updateWebhook } from "@/lib/webhooks/manage-webhooks";
import { newProject, newUser } from "../support/fixtures";

// Without BRIEFS_WEBHOOK_ALLOW_LOOPBACK, as in every real deployment (webhook-url-loopback.test.ts
// has the switch on).
delete process.env.BRIEFS_WEBHOOK_ALLOW_LOOPBACK;

/** An inward address given as a literal, and what the refusal must say about it. */
const inward: Array<[string, RegExp]> = [
  ["https://10.0.0.1/x", /10\.0\.0\.1 is not a public address \(a private network\)/],
  ["https://172.16.5.4/x", /a private network/],
  ["https://192.168.1.20/x", /a private network/],
  ["https://169.254.169.254/latest/meta-data/", /169\.254\.169\.254 is not a public address \(link-local, where cloud metadata services answer\)/],
  ["https://100.64.0.1/x", /carrier-grade NAT/],
  ["https://127.0.0.1/x", /loopback/],
  ["https://127.8.9.10/x", /loopback/],
  ["https://0x7f.1/x", /127\.0\.0\.1 is not a public address \(loopback/],
  ["https://2130706433/x", /127\.0\.0\.1 is not a public address/],
  ["https://0.0.0.0/x", /unspecified/],
  ["https://[::1]/x", /\[::1\] is not a public address \(loopback/],
  ["https://[::ffff:10.0.0.1]/x", /IPv4 10\.0\.0\.1, a private network/],
  ["https://[::ffff:169.254.169.254]/latest/meta-data/", /IPv4 169\.254\.169\.254, link-local/],
  ["https://[fc00::1]/x", /unique local/],
  ["https://[fd12:3456::1]/x", /unique local/],
  ["https://[fe80::1]/x", /link-local/],
  ["https://[64:ff9b::a00:1]/x", /not a public address \(reserved/],
];

/** The refusal a door shows: VALIDATION_ERROR on the field `url`, saying why. */
function refusalOn(reason: RegExp) {
  return expect.objectContaining({
    code: "VALIDATION_ERROR",
    details: { issues: [{ path: "url", message: expect.stringMatching(new RegExp(`${reason.source}.*; webhooks are sent only to public addresses$`)) }] },
  });
}

async function endpointsOf(projectId: string) {
  const prisma = await getPrisma();
  return prisma.webhookEndpoint.findMany({ where: { projectId }, select: { url: true } });
}

describe(`webhook URLs that are inward IP literals are refused when saved, on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let projectId: string;
  beforeAll(async () => {
    owner = await newUser("Olga");
    projectId = await newProject(owner, "Guarded");
  });

  it.each(inward)("refuses %s from an owner and from the operator, storing nothing", async (url, reason) => {
    await expect(createWebhook(owner, { projectId, url })).rejects.toEqual(refusalOn(reason));
    await expect(createWebhookAsOperator({ projectId, url })).rejects.toEqual(refusalOn(reason));
    expect(await endpointsOf(projectId)).toEqual([]);
  });

  it("takes public literals and names; where a name leads is judged at each delivery", async () => {
    const elsewhere = await newProject(owner, "Open");
    await createWebhook(owner, { projectId: elsewhere, url: "https://93.184.215.14/hooks" });
    await createWebhook(owner, { projectId: elsewhere, url: "https://[2606:4700:4700::1111]/hooks" });
    // A name that resolves inward is still saved: DNS can change, so the guard is at connect time.
    await createWebhookAsOperator({ projectId: elsewhere, url: "https://localhost/hooks" });
    expect((await endpointsOf(elsewhere)).map((e) => e.url).sort()).toEqual(["https://93.184.215.14/hooks", "https://[2606:4700:4700::1111]/hooks", "https://localhost/hooks"]);
  });

  it("refuses moving an endpoint to an inward literal, keeping its URL", async () => {
    const moving = await newProject(owner, "Moving");
    const { webhook } = await createWebhook(owner, { projectId: moving, url: "https://hooks.example.com/briefs" });
    await expect(updateWebhook(owner, { endpointId: webhook.id, url: "https://[::ffff:a9fe:a9fe]/latest/meta-data/" })).rejects.toEqual(refusalOn(/IPv4 169\.254\.169\.254, link-local/));
    expect(await endpointsOf(moving)).toEqual([{ url: "https://hooks.example.com/briefs" }]);
  });
});
