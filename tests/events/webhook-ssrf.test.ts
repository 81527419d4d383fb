import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "@/lib/config/env";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { webhookUrlProblem } from "@/lib/webhooks/webhook-url";

const closed = { allowLoopback: false };

describe("webhook targets cannot make the server reach inward", () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits++;
      if (request.url === "/redirect") return void response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
      if (request.url === "/big") return void response.writeHead(200).end(Buffer.alloc(1024 * 1024, 97));
      if (request.url === "/slow") return; // never answers
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it.each([
    "https://127.0.0.1/hooks",
    "https://[::1]/hooks",
    "https://10.0.0.8/hooks",
    "https://192.168.1.20/hooks",
    "https://169.254.169.254/latest/meta-data",
    "https://[::ffff:10.0.0.1]/hooks",
    "https://100.64.0.1/hooks",
  ])("refuses %s before connecting", async (target) => {
    const outcome = await postWebhook(new URL(target), "{}", {}, closed);
    expect(outcome).toMatchObject({ status: null, error: expect.stringMatching(/is not a public address/) });
  });

  it("refuses a name that resolves to a private address, when it connects", async () => {
    const outcome = await postWebhook(new URL(`https://localhost:${port}/hooks`), "{}", {}, closed);
    expect(outcome.error).toMatch(/localhost resolves to .* which is not a public address/);
  });

  it("reaches loopback only where tests allow it, and then follows no redirect, reads a capped answer and gives up on time", async () => {
    const before = hits;
    expect((await postWebhook(new URL(`http://127.0.0.1:${port}/hooks`), "{}", {}, closed)).error).toMatch(/not a public address/);
    expect(hits).toBe(before);

    const open = { allowLoopback: true, totalTimeoutMs: 1_000 };
    expect(await postWebhook(new URL(`http://127.0.0.1:${port}/hooks`), "{}", {}, open)).toMatchObject({ status: 204, error: null });
    expect(await postWebhook(new URL(`http://127.0.0.1:${port}/redirect`), "{}", {}, open)).toMatchObject({ status: 302, error: "answered 302: redirects are not followed" });
    // A megabyte of answer is not read to its end: the delivery counts, the rest is dropped.
    expect(await postWebhook(new URL(`http://127.0.0.1:${port}/big`), "{}", {}, open)).toMatchObject({ status: 200, error: null });
    expect(await postWebhook(new URL(`http://127.0.0.1:${port}/slow`), "{}", {}, open)).toMatchObject({ status: null, error: "no answer within 1 s" });
  });

  it("takes https URLs only, without credentials in them", () => {
    expect(webhookUrlProblem("https://hooks.example.com/briefs")).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/briefs")).toBe("must be an https:// URL");
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/")).toMatch(/must not carry a user name or password/);
    expect(webhookUrlProblem("ftp://hooks.example.com/")).toBe("must be an https:// URL");
    expect(webhookUrlProblem("not a url")).toMatch(/not a URL/);
  });

  it("refuses the loopback setting unless the app itself runs on loopback", () => {
    expect(() => readEnv({ BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1", APP_URL: "https://briefs.example.com" })).toThrow(/BRIEFS_WEBHOOK_ALLOW_LOOPBACK: is for tests on a local app only/);
    expect(readEnv({ BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1", APP_URL: "http://127.0.0.1:3100" }).BRIEFS_WEBHOOK_ALLOW_LOOPBACK).toBe(true);
  });
});
