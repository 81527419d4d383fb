import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma, getSql } from "@/lib/db/client";
import type { LiveEvent } from "@/lib/live/live-event";
import { pollChanges } from "@/lib/live/poll-changes";
import { endSession } from "@/lib/sessions/end-session";
import { startSession } from "@/lib/sessions/start-session";
import { addMember, newProject, newUser } from "../support/fixtures";

/**
 * An instance that polls (DATABASE_DIRECT_URL=none) hears what concerns a person as a listening one
 * does: a membership, a notification, an ended session. The database writes these down for it, and
 * the poll reads them whatever projects its streams watch (a person added to their first project
 * watched none).
 */
describe(`person-scoped signals for polling instances, on ${process.env.BRIEFS_TEST_DB}`, () => {
  const heard: LiveEvent[] = [];
  let stop: () => void;
  let owner: Actor;
  let projectId: string;

  beforeAll(async () => {
    owner = await newUser("Polly");
    projectId = await newProject(owner);
    // What was written before the first poll is not published: the test writes after it.
    const poller = pollChanges(await getSql(), () => new Map(), (event) => heard.push(event));
    stop = () => poller.stop();
    await poller.ready;
  });
  afterAll(() => stop());

  const hears = (event: LiveEvent) => expect.poll(() => heard.some((e) => JSON.stringify(e) === JSON.stringify(event)), { timeout: 10_000, interval: 50 }).toBe(true);

  it("hears a membership, a notification and an ended session, with no project watched", async () => {
    const newcomer = await newUser("Newcomer");
    await addMember(projectId, newcomer, "viewer");
    await hears({ kind: "access", userId: newcomer.userId });

    const prisma = await getPrisma();
    await prisma.notification.create({
      data: { id: crypto.randomUUID(), userId: newcomer.userId, kind: "mention", eventId: crypto.randomUUID(), projectId, title: "Polly mentioned you", createdAt: new Date(), mail: "off" },
    });
    await hears({ kind: "notification", userId: newcomer.userId });

    const session = await startSession(newcomer.userId);
    await endSession(session);
    await hears({ kind: "credentials", userId: newcomer.userId });
    // Each once, however many polls passed since.
    const before = heard.length;
    await addMember(projectId, await newUser("Later"), "viewer");
    await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(heard.filter((e) => e.kind === "access" && e.userId === newcomer.userId)).toHaveLength(1);
  });
});
