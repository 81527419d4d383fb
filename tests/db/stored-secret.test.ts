import crypto from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { describe, expect, it } from "vitest";
import { serverSecret } from "@/lib/config/secrets";
import { getPrisma } from "@/lib/db/client";
import { readOrCreateSecret } from "@/lib/db/stored-secret";
import { PrismaClient } from "@/lib/generated/prisma/client";

describe(`the server secret kept in the database on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("is not made at all when AUTH_SECRET is set: the configured one wins", async () => {
    const prisma = await getPrisma();
    expect(process.env.AUTH_SECRET).toBeTruthy();
    expect(serverSecret()).toBe(process.env.AUTH_SECRET);
    expect(await prisma.serverSecret.count({ where: { name: "auth" } })).toBe(0);
  });

  it("is created once, by whichever of several instances starting together comes first, and read by all", async () => {
    const name = `test-${crypto.randomUUID()}`;
    const candidates = Array.from({ length: 8 }, () => crypto.randomBytes(32).toString("base64url"));
    // On PostgreSQL each "instance" has a client of its own, with connections of its own.
    const clients =
      process.env.BRIEFS_TEST_DB === "postgres"
        ? candidates.map(() => new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) }))
        : candidates.map(() => undefined);
    try {
      const prisma = await getPrisma();
      const seen = await Promise.all(candidates.map((candidate, i) => readOrCreateSecret(clients[i] ?? prisma, name, candidate)));
      expect(new Set(seen).size).toBe(1);
      expect(candidates).toContain(seen[0]);
      expect(await prisma.serverSecret.count({ where: { name } })).toBe(1);
      // Later instances keep it.
      expect(await readOrCreateSecret(prisma, name, "another")).toBe(seen[0]);
    } finally {
      await Promise.all(clients.map((c) => c?.$disconnect()));
    }
  });
});
