import { hash as bcryptHash } from "@node-rs/bcrypt";
import { describe, expect, it } from "vitest";
import { CURRENT_HASH_PREFIX } from "@/lib/auth/password";
import { getPrisma } from "@/lib/db/client";
import { ensureUser } from "@/lib/users/ensure-user";
import { signUp } from "@/lib/users/sign-up";
import { verifyCredentials } from "@/lib/users/verify-credentials";

async function storedHash(email: string): Promise<string | null> {
  const prisma = await getPrisma();
  return (await prisma.user.findUniqueOrThrow({ where: { email } })).passwordHash;
}

describe(`password hashing on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("stores new passwords as argon2id with the current parameters, never the password itself", async () => {
    const email = `argon.${Date.now()}@example.test`;
    await signUp({ email, password: "correct horse battery" });
    const stored = await storedHash(email);
    expect(stored?.startsWith(CURRENT_HASH_PREFIX)).toBe(true);
    expect(stored).not.toContain("correct horse");
  });

  it("signs in with a bcrypt hash from an earlier release and replaces it with argon2id then", async () => {
    const email = `legacy.${Date.now()}@example.test`;
    await ensureUser(email, "Legacy");
    const legacy = await bcryptHash("old but valid", 10);
    const prisma = await getPrisma();
    await prisma.user.update({ where: { email }, data: { passwordHash: legacy } });

    // A wrong password changes nothing.
    expect(await verifyCredentials(email, "not it")).toBeNull();
    expect(await storedHash(email)).toBe(legacy);

    expect(await verifyCredentials(email, "old but valid")).toMatchObject({ email });
    const upgraded = await storedHash(email);
    expect(upgraded?.startsWith(CURRENT_HASH_PREFIX)).toBe(true);
    // And the upgraded hash is the one that works from now on.
    expect(await verifyCredentials(email, "old but valid")).toMatchObject({ email });
    expect(await storedHash(email)).toBe(upgraded);
    expect(await verifyCredentials(email, "not it")).toBeNull();
  });

  it("refuses a stored value that is no known hash", async () => {
    const email = `odd.${Date.now()}@example.test`;
    await ensureUser(email, "Odd");
    const prisma = await getPrisma();
    await prisma.user.update({ where: { email }, data: { passwordHash: "plain-text-password" } });
    expect(await verifyCredentials(email, "plain-text-password")).toBeNull();
  });

  it("answers many sign-ins at once, each correctly", async () => {
    const email = `many.${Date.now()}@example.test`;
    await signUp({ email, password: "right password" });
    const attempts = Array.from({ length: 12 }, (_, i) => verifyCredentials(email, i % 2 ? "right password" : "wrong password"));
    const results = await Promise.all(attempts);
    expect(results.map((r) => r !== null)).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
  });
});
