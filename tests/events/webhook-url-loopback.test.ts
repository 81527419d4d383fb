import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { createWebhook } from "@/lib/webhooks/manage-webhooks";
import { newProject, newUser } from "../support/fixtures";

// The tests' switch: read once, before the first env() of this file's process.
process.env.BRIEFS_WEBHOOK_ALLOW_LOOPBACK = "1";

describe(`the tests' loopback switch admits loopback webhook URLs and nothing else inward, on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let projectId: string;
  beforeAll(async () => {
    owner = await newUser("Olga");
    projectId = await newProject(owner, "Local");
  });

  it.each(["http://127.0.0.1:4123/hooks", "https://127.0.0.1/hooks", "http://[::1]:4123/hooks", "http://localhost:4123/hooks"])("takes %s", async (url) => {
    expect((await createWebhook(owner, { projectId, url })).webhook.url).toBe(url);
  });

  it.each(["https://10.0.0.1/x", "https://169.254.169.254/latest/meta-data/", "https://[::ffff:10.0.0.1]/x", "https://127.0.0.2/x"])("still refuses %s", async (url) => {
    await expect(createWebhook(owner, { projectId, url })).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "url", message: expect.stringMatching(/is not a public address/) }] } });
  });
});
