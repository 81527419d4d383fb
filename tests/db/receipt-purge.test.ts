import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { maybePurgeExpiredReceipts } from "@/lib/idempotency/purge-expired-receipts";
import { newUser } from "../support/fixtures";

describe(`expired idempotency receipts on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("are purged, while live ones stay", async () => {
    const alice = await newUser("Alice");
    const prisma = await getPrisma();
    const now = new Date();
    const base = { userId: alice.userId, tool: "brief_create", fingerprint: "f", result: {} };
    await prisma.idempotencyReceipt.createMany({
      data: [
        { ...base, key: "old", createdAt: new Date(now.getTime() - 48 * 3_600_000), expiresAt: new Date(now.getTime() - 1000) },
        { ...base, key: "live", createdAt: now, expiresAt: new Date(now.getTime() + 24 * 3_600_000) },
      ],
    });
    expect(await prisma.$transaction((tx) => maybePurgeExpiredReceipts(tx, now, () => 0.99))).toBe(0);
    expect(await prisma.$transaction((tx) => maybePurgeExpiredReceipts(tx, now, () => 0))).toBeGreaterThanOrEqual(1);
    const keys = (await prisma.idempotencyReceipt.findMany({ where: { userId: alice.userId } })).map((r) => r.key);
    expect(keys).toEqual(["live"]);
  });
});
