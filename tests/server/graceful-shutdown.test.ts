import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "@/lib/db/data-dir-lock";
import { createTokenWithAdminCommand, startReadyApp, type AppInstance } from "../support/app-server";
import { newKey } from "./mcp-calls";

const onPglite = process.env.BRIEFS_TEST_DB === "pglite";

/** PostgreSQL's control file says whether the cluster was shut down cleanly (1) or is still in production (6). */
function clusterState(pgdata: string): number {
  return fs.readFileSync(path.join(pgdata, "global", "pg_control")).readUInt32LE(16);
}
const DB_SHUTDOWNED = 1;

/** A request whose headers have reached the app (it answered 100 Continue) and whose body is still to come. */
function startRequestHoldingBody(port: number, token: string, body: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/mcp",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", reject);
    });
    request.on("error", reject);
  });
  const admitted = new Promise<void>((resolve) => request.once("continue", resolve));
  request.flushHeaders();
  return { admitted, finish: () => request.end(body), response };
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

describe(`SIGTERM on ${process.env.BRIEFS_TEST_DB}`, () => {
  let app: AppInstance | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await app?.server.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops accepting, finishes the request in flight, then closes the database cleanly", async () => {
    dataDir = onPglite ? fs.mkdtempSync(path.join(os.tmpdir(), "briefs-shutdown-")) : undefined;
    const env = onPglite ? { BRIEFS_DATA_DIR: dataDir, DATABASE_URL: undefined } : { DATABASE_URL: process.env.DATABASE_URL };
    const token = await createTokenWithAdminCommand(env, { email: `drain.${newKey()}@example.test`, scopes: "brief:read,brief:write", name: "drain" });
    // As operators run it: `npm start`, stopped by a SIGTERM to its process group (a container stop).
    app = await startReadyApp(env, { viaNpmStart: true });

    const name = `Created while stopping ${newKey()}`;
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "project_create", arguments: { name, idempotencyKey: newKey() } } };
    const inFlight = startRequestHoldingBody(app.port, token, JSON.stringify(call));
    await inFlight.admitted;

    process.kill(-app.server.child.pid!, "SIGTERM");
    while (!(await refusesConnections(app.port))) await new Promise((resolve) => setImmediate(resolve));

    // The request in flight still completes, with the database still open for its write.
    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(name);
    expect(answer.text).not.toContain('"isError":true');

    expect(await app.server.exited).toBe(143);
    if (onPglite) {
      const pgdata = path.join(dataDir!, "pgdata");
      expect(clusterState(pgdata)).toBe(DB_SHUTDOWNED);
      // The folder is free at once, and the write is there.
      (await lockDataDir(dataDir!)).release();
      const db = await PGlite.create(pgdata);
      try {
        const rows = await db.query(`SELECT name FROM "Project" WHERE name = $1`, [name]);
        expect(rows.rows).toHaveLength(1);
      } finally {
        await db.close();
      }
    }
  });
});
