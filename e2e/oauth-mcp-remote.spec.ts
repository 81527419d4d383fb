import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { newPerson, signUp } from "./support/people";
import { consentInBrowser } from "./support/oauth";

/** Line-delimited JSON-RPC over the proxy's stdio, as a desktop MCP client speaks to it. */
function stdioPeer(child: ChildProcessWithoutNullStreams) {
  let buffer = "";
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line.startsWith("{")) continue;
      const message = JSON.parse(line) as { id?: number };
      if (typeof message.id === "number") waiting.get(message.id)?.(message);
    }
  });
  let nextId = 1;
  return {
    request(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
      const id = nextId++;
      const answer = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      return answer;
    },
    notify(method: string) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
    },
  };
}

test("mcp-remote completes its OAuth flow against the app and calls a tool", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const person = newPerson("Remy");
  await signUp(page, person);
  await page.context().clearCookies();

  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-mcp-remote-"));
  const child = spawn(process.execPath, [path.join("node_modules", "mcp-remote", "dist", "proxy.js"), `${baseURL}/api/mcp`, "--allow-http"], {
    // Its own token store; and no real browser: the test plays the browser.
    env: { ...process.env, MCP_REMOTE_CONFIG_DIR: configDir, BROWSER: "/bin/true", DISPLAY: "", PATH: path.dirname(process.execPath) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let log = "";
  const authorizationUrl = new Promise<string>((resolve) => {
    child.stderr.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Please authorize this client by visiting:\s+(\S+)/.exec(log);
      if (match) resolve(match[1]);
    });
  });
  try {
    const peer = stdioPeer(child);
    const initialized = peer.request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "e2e-desktop", version: "1.0.0" } });

    const url = new URL(await authorizationUrl);
    const redirectUri = url.searchParams.get("redirect_uri")!;
    expect(new URL(redirectUri).hostname).toBe("localhost");
    // The real client listens on its redirect URI: let the browser reach it.
    await consentInBrowser(page, { authorizationUrl: url.toString(), person, redirectPrefix: redirectUri });

    const init = (await initialized) as { result?: { serverInfo?: { name?: string } } };
    expect(init.result?.serverInfo).toBeTruthy();
    peer.notify("notifications/initialized");
    const listed = (await peer.request("tools/list")) as { result: { tools: Array<{ name: string }> } };
    expect(listed.result.tools.map((t) => t.name)).toContain("project_create");
    const created = (await peer.request("tools/call", {
      name: "project_create",
      arguments: { name: "Made through mcp-remote", idempotencyKey: crypto.randomUUID() },
    })) as { result: { isError?: boolean; structuredContent: { project: { name: string; role: string } } } };
    expect(created.result.isError).toBeFalsy();
    expect(created.result.structuredContent.project).toMatchObject({ name: "Made through mcp-remote", role: "owner" });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- mcp-remote log ---\n${log}`);
  } finally {
    child.kill();
    fs.rmSync(configDir, { recursive: true, force: true });
  }
});
