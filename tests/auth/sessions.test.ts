import { describe, expect, it } from "vitest";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { changePassword } from "@/lib/users/change-password";
import { signUp } from "@/lib/users/sign-up";
import { getPrisma } from "@/lib/db/client";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { checkSession } from "@/lib/sessions/check-session";
import { endSession } from "@/lib/sessions/end-session";
import { endUserSessions } from "@/lib/sessions/end-user-sessions";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/sessions/session-lifetime";
import { startSession } from "@/lib/sessions/start-session";
import { newUser } from "../support/fixtures";

async function personWithPassword(password: string): Promise<Actor> {
  const email = `pw.${crypto.randomUUID()}@example.test`;
  await signUp({ email, password });
  const user = await (await getPrisma()).user.findUniqueOrThrow({ where: { email } });
  return { userId: user.id, email: user.email, label: actorLabel(user), door: "web", scopes: allScopes };
}

describe(`web sessions on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("hold until ended, and only for their own user", async () => {
    const [alice, bob] = await Promise.all([newUser("Alice"), newUser("Bob")]);
    const session = await startSession(alice.userId);
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await checkSession(session, alice.userId)).toBe(true);
    expect(await checkSession(session, bob.userId)).toBe(false);
    expect(await checkSession(undefined, alice.userId)).toBe(false);
    expect(await checkSession("made-up", alice.userId)).toBe(false);

    await endSession(session);
    expect(await checkSession(session, alice.userId)).toBe(false);
  });

  it("end after a week without use and are renewed while in use", async () => {
    const alice = await newUser("Alice");
    const prisma = await getPrisma();
    const idle = await startSession(alice.userId);
    await prisma.webSession.update({ where: { id: idle }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await checkSession(idle, alice.userId)).toBe(false);
    expect(await prisma.webSession.findUnique({ where: { id: idle } })).toBeNull();

    const busy = await startSession(alice.userId);
    const soon = new Date(Date.now() + 60_000);
    await prisma.webSession.update({ where: { id: busy }, data: { lastUsedAt: new Date(Date.now() - 2 * 3_600_000), expiresAt: soon } });
    expect(await checkSession(busy, alice.userId)).toBe(true);
    const renewed = await prisma.webSession.findUniqueOrThrow({ where: { id: busy } });
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_MAX_AGE_SECONDS * 1000 - 60_000);
    expect(renewed.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  });

  it("all end at once for one person, optionally keeping one", async () => {
    const [alice, bob] = await Promise.all([newUser("Alice"), newUser("Bob")]);
    const [a1, a2, a3, b1] = await Promise.all([startSession(alice.userId), startSession(alice.userId), startSession(alice.userId), startSession(bob.userId)]);
    expect(await endUserSessions(alice.userId, a2)).toBe(2);
    expect(await checkSession(a1, alice.userId)).toBe(false);
    expect(await checkSession(a2, alice.userId)).toBe(true);
    expect(await checkSession(a3, alice.userId)).toBe(false);
    expect(await checkSession(b1, bob.userId)).toBe(true);
    expect(await endUserSessions(alice.userId)).toBe(1);
    expect(await checkSession(a2, alice.userId)).toBe(false);
  });
});

describe(`changing a password on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("needs the current password and changes nothing without it", async () => {
    const alice = await personWithPassword("first password");
    const other = await startSession(alice.userId);
    await expect(changePassword(alice, { currentPassword: "wrong one", newPassword: "second password" }, undefined)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "currentPassword" }] },
    });
    await expect(changePassword(alice, { currentPassword: "first password", newPassword: "short" }, undefined)).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "newPassword" }] },
    });
    expect(await verifyCredentials(alice.email, "first password")).not.toBeNull();
    expect(await checkSession(other, alice.userId)).toBe(true);
  });

  it("ends every other session and keeps this one", async () => {
    const alice = await personWithPassword("first password");
    const [here, stolen, elsewhere] = await Promise.all([startSession(alice.userId), startSession(alice.userId), startSession(alice.userId)]);
    expect(await changePassword(alice, { currentPassword: "first password", newPassword: "second password" }, here)).toEqual({ endedSessions: 2 });
    expect(await checkSession(here, alice.userId)).toBe(true);
    expect(await checkSession(stolen, alice.userId)).toBe(false);
    expect(await checkSession(elsewhere, alice.userId)).toBe(false);
    expect(await verifyCredentials(alice.email, "first password")).toBeNull();
    expect(await verifyCredentials(alice.email, "second password")).not.toBeNull();
  });

  it("is refused for an account without a password and through a token", async () => {
    const sso = await newUser("Sso");
    await expect(changePassword(sso, { currentPassword: "x", newPassword: "whatever long" }, undefined)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const alice = await personWithPassword("first password");
    await expect(changePassword({ ...alice, door: "mcp" }, { currentPassword: "first password", newPassword: "second password" }, undefined)).rejects.toMatchObject({
      code: "PROJECT_ACCESS_DENIED",
    });
  });
});
