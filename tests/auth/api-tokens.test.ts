import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { listApiTokens } from "@/lib/tokens/list-api-tokens";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { authenticateApiToken } from "@/lib/tokens/authenticate-api-token";
import { DomainError } from "@/lib/errors";
import { newUser, viaToken } from "../support/fixtures";

describe(`API tokens on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("are shown once in the brf_ format and stored only as their SHA-256", async () => {
    const alice = await newUser("Alice");
    const { token, apiToken } = await createApiToken(alice, { name: "ci agent", scopes: ["brief:write", "brief:read"] });
    expect(token).toMatch(/^brf_[A-Za-z0-9_-]{43}$/);
    expect(apiToken.scopes).toEqual(["brief:read", "brief:write"]);

    const prisma = await getPrisma();
    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: apiToken.id } });
    expect(row.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(JSON.stringify(await listApiTokens(alice))).not.toContain(token.slice(4));
  });

  it("authenticate as their user with their scopes and label, and record the last use", async () => {
    const alice = await newUser("Alice");
    const { token, apiToken } = await createApiToken(alice, { name: "reader", scopes: ["brief:read"] });
    expect((await listApiTokens(alice))[0].lastUsedAt).toBeNull();

    const actor = await authenticateApiToken(token);
    expect(actor).toEqual({
      userId: alice.userId,
      email: alice.email,
      label: `${alice.email} via reader`,
      door: "mcp",
      scopes: ["brief:read"],
    });
    const listed = await listApiTokens(alice);
    expect(listed.map((t) => t.id)).toEqual([apiToken.id]);
    expect(listed[0].lastUsedAt).not.toBeNull();
  });

  it("reject malformed, unknown, expired and revoked tokens alike", async () => {
    const alice = await newUser("Alice");
    expect(await authenticateApiToken("not-a-token")).toBeNull();
    expect(await authenticateApiToken(`brf_${crypto.randomBytes(32).toString("base64url")}`)).toBeNull();

    const { token: expiring } = await createApiToken(alice, {
      name: "short",
      scopes: ["brief:read"],
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await authenticateApiToken(expiring)).not.toBeNull();
    expect(await authenticateApiToken(expiring, new Date(Date.now() + 120_000))).toBeNull();

    const { token, apiToken } = await createApiToken(alice, { name: "revoked", scopes: ["brief:read"] });
    expect(await authenticateApiToken(token)).not.toBeNull();
    await revokeApiToken(alice, apiToken.id);
    expect(await authenticateApiToken(token)).toBeNull();
    const listed = await listApiTokens(alice);
    expect(listed.find((t) => t.id === apiToken.id)?.revokedAt).not.toBeNull();
  });

  it("belong to their user: others can neither list nor revoke them, and tokens cannot make tokens", async () => {
    const alice = await newUser("Alice");
    const mallory = await newUser("Mallory");
    const { token, apiToken } = await createApiToken(alice, { name: "mine", scopes: ["brief:read"] });
    expect(await listApiTokens(mallory)).toEqual([]);
    await expect(revokeApiToken(mallory, apiToken.id)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await authenticateApiToken(token)).not.toBeNull();
    await expect(createApiToken(viaToken(alice), { name: "x", scopes: ["brief:read"] })).rejects.toMatchObject({
      code: "PROJECT_ACCESS_DENIED",
    });
  });

  it("refuse bad input with a structured error", async () => {
    const alice = await newUser("Alice");
    const bad = [
      { name: "", scopes: ["brief:read"] },
      { name: "x", scopes: [] },
      { name: "x", scopes: ["brief:admin"] },
      { name: "x", scopes: ["brief:read"], expiresAt: new Date(Date.now() - 1000) },
      { name: "x", scopes: ["brief:read"], expiresAt: new Date("+275760-09-13T00:00:00.000Z") },
      { name: "x", scopes: ["brief:read"], expiresAt: new Date(Date.now() + 3651 * 86_400_000) },
      { name: "x", scopes: ["brief:read"], expiresAt: new Date("not a date") },
    ];
    for (const input of bad) {
      const error = await createApiToken(alice, input as never).catch((e) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error.code).toBe("VALIDATION_ERROR");
    }
    expect(await listApiTokens(alice)).toEqual([]);
  });
});
