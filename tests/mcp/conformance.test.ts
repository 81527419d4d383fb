import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpServer } from "../support/mcp-clients";
import { startHeaderProxy, type HeaderProxy } from "../support/header-proxy";

// The 0.1 release by its own path: the 0.2 alpha (for the authorization scenarios) installs a `conformance` command too.
const conformance = path.join(process.cwd(), "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");

function runScenario(url: string, scenario: string, outputDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [conformance, "server", "--url", url, "--scenario", scenario, "-o", outputDir], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
  });
}

// The official MCP conformance suite's scenarios that need no fixture tools. The CLI cannot send an
// Authorization header, so a proxy adds the read-only token; it must be a `localhost` URL for the
// DNS-rebinding scenario, which sends its own Host and Origin headers.
describe(`MCP conformance on ${process.env.BRIEFS_TEST_DB}`, () => {
  let proxy: HeaderProxy;
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-conformance-"));

  beforeAll(async () => {
    proxy = await startHeaderProxy(mcpServer().origin, mcpServer().tokens.readOnly);
  });
  afterAll(async () => {
    await proxy?.close();
    fs.rmSync(outputDir, { recursive: true, force: true });
  });

  it.each(["server-initialize", "ping", "tools-list", "dns-rebinding-protection"])("passes %s", async (scenario) => {
    const { code, output } = await runScenario(`http://localhost:${proxy.port}/api/mcp`, scenario, outputDir);
    expect(code, output).toBe(0);
  });
});
