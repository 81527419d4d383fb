import type { Frame, Page } from "@playwright/test";
import path from "node:path";
import { baseURL, e2ePort } from "../servers";
import type { TestHostRecord } from "./host-page";
import { sandboxCsp, sandboxProxyHtml } from "./sandbox-proxy";

/** The host page is served on the app's origin (so /api/mcp is same-origin); the view on another. */
const HOST_URL = `${baseURL}/__mcp-test-host`;
export const SANDBOX_ORIGIN = `http://localhost:${e2ePort}`;

let bundle: Promise<string> | undefined;

/** host-page.ts and what it imports (AppBridge, the MCP client) as one browser script, built once per worker. */
function hostBundle(): Promise<string> {
  bundle ??= (async () => {
    const { build } = await import("vite");
    const output = await build({
      configFile: false,
      logLevel: "warn",
      mode: "production",
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        write: false,
        minify: false,
        target: "es2022",
        lib: { entry: path.join(process.cwd(), "e2e/support/app-host/host-page.ts"), formats: ["iife"], name: "briefsTestHost", fileName: "host" },
      },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as Array<{ output: Array<{ type: string; code?: string }> }>;
    return outputs.flatMap((o) => o.output).find((file) => file.type === "chunk")!.code!;
  })();
  return bundle;
}

export type HostOptions = { token: string; briefId: string; theme?: "light" | "dark" | "none"; width?: number };

/**
 * Opens the test host on `page` and waits until the view shows the tool's result. Returns the view's
 * frame (inside the sandbox proxy) and a reader of what the host recorded.
 */
export async function openInTestHost(page: Page, options: HostOptions) {
  const script = await hostBundle();
  await page.route(`${HOST_URL}**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith(".js")) return route.fulfill({ contentType: "text/javascript", body: script });
    return route.fulfill({ contentType: "text/html", body: hostPageHtml(options.width ?? 640) });
  });
  await page.route(`${SANDBOX_ORIGIN}/__mcp-app-sandbox**`, (route) => {
    const url = new URL(route.request().url());
    return route.fulfill({
      contentType: "text/html",
      headers: { "Content-Security-Policy": sandboxCsp(JSON.parse(url.searchParams.get("csp") ?? "{}")) },
      body: sandboxProxyHtml(url.searchParams.get("host") ?? ""),
    });
  });
  const fragment = new URLSearchParams({ token: options.token, briefId: options.briefId, sandboxOrigin: SANDBOX_ORIGIN, theme: options.theme ?? "light" });
  await page.goto(`${HOST_URL}#${fragment}`);
  await page.waitForFunction(() => {
    const host = (window as unknown as { testHost?: TestHostRecord }).testHost;
    if (host?.error) throw new Error(host.error);
    return host?.ready === true;
  });
  return { view: viewFrame(page), record: () => page.evaluate(() => (window as unknown as { testHost: TestHostRecord }).testHost) };
}

/** The CSP directives the view has violated so far (the sandbox proxy listens from its first script on). */
export function viewCspViolations(page: Page): Promise<string[]> {
  const proxy = page.frames().find((candidate) => candidate.url().startsWith(`${SANDBOX_ORIGIN}/__mcp-app-sandbox`));
  if (!proxy) throw new Error("The sandbox proxy is not there.");
  return proxy.evaluate(() => (window as unknown as { viewCspViolations: string[] }).viewCspViolations);
}

/** The frame the view runs in: the sandbox proxy's inner frame. */
export function viewFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.parentFrame()?.url().startsWith(`${SANDBOX_ORIGIN}/__mcp-app-sandbox`));
  if (!frame) throw new Error("The view's frame is not there.");
  return frame;
}

function hostPageHtml(width: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title>
<style>
  body { margin: 0; padding: 16px; font-family: system-ui, sans-serif; background: #f1f5f9; }
  html[data-theme="dark"] body { background: #020617; }
  #app-frame { display: block; box-sizing: border-box; width: ${width}px; height: 120px; border: 1px solid #cbd5e1; border-radius: 12px; background: transparent; }
  html[data-theme="dark"] #app-frame { border-color: #334155; }
</style></head>
<body><iframe id="app-frame" title="Briefs app"></iframe><script src="${HOST_URL}/host.js"></script></body></html>`;
}
