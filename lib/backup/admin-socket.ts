import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { closeOnShutdown } from "@/lib/server/graceful-shutdown";
import { snapshotEmbeddedDatabase } from "./embedded-snapshot";

/**
 * How `npm run admin -- backup` reaches the server that holds an embedded database: a Unix socket
 * beside the data it serves. Whoever may open the socket may read the data folder anyway, so the
 * file's permissions (0600, in the 0700 folder) are the whole of its access control, and nothing
 * is exposed on the network. Its one request asks for a consistent copy of the database
 * (embedded-snapshot.ts); the command reads the copy in its own process.
 *
 * A line of JSON each way: {"request":"snapshot"} → {"ok":true,"pgdata":"…"} or {"ok":false,"error":"…"}.
 */
export type AdminRequest = { request: "snapshot" };
export type AdminAnswer = { ok: true; pgdata: string } | { ok: false; error: string };

/** Unix socket paths are limited to 107 bytes; a deeper data folder gets one under the temp folder, named by its path. */
const SOCKET_PATH_MAX = 100;

export function adminSocketPath(dataDir: string): string {
  const beside = path.join(dataDir, "admin.sock");
  if (Buffer.byteLength(beside) <= SOCKET_PATH_MAX) return beside;
  const digest = crypto.createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 24);
  return path.join(os.tmpdir(), `briefs-admin-${digest}.sock`);
}

const holder = globalThis as unknown as { __briefsAdminSocket?: net.Server };

/** Called by a server that holds the data folder's lock: the socket is its alone, a stale one is replaced. */
export async function listenForAdmin(dataDir: string, pglite: PGlite): Promise<void> {
  if (holder.__briefsAdminSocket) return;
  const socketPath = adminSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => answer(socket, dataDir, pglite));
  holder.__briefsAdminSocket = server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) => {
      holder.__briefsAdminSocket = undefined;
      reject(error);
    });
    server.listen(socketPath, () => {
      server.removeAllListeners("error");
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  const withdraw = closeOnShutdown(async () => {
    withdraw();
    server.close();
    fs.rmSync(socketPath, { force: true });
    holder.__briefsAdminSocket = undefined;
  });
}

function answer(socket: net.Socket, dataDir: string, pglite: PGlite): void {
  let received = "";
  socket.setEncoding("utf8");
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: string) => {
    received += chunk;
    if (received.length > 4096) return socket.destroy();
    const end = received.indexOf("\n");
    if (end < 0) return;
    socket.removeAllListeners("data");
    void respond(received.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
  });

  async function respond(line: string): Promise<AdminAnswer> {
    let request: Partial<AdminRequest>;
    try {
      request = JSON.parse(line) as Partial<AdminRequest>;
    } catch {
      return { ok: false, error: "The request is not JSON." };
    }
    if (request.request !== "snapshot") return { ok: false, error: `Unknown request ${JSON.stringify(request.request)}.` };
    try {
      return { ok: true, pgdata: await snapshotEmbeddedDatabase(pglite, dataDir) };
    } catch (error) {
      console.error("A backup snapshot failed:", error);
      return { ok: false, error: `The server could not copy its database: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
}

/** The command's side: asks the server holding `dataDir` for a snapshot and returns the copy's pgdata folder. */
export function requestSnapshot(dataDir: string): Promise<string> {
  const socketPath = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(socketPath, () => socket.write(`${JSON.stringify({ request: "snapshot" } satisfies AdminRequest)}\n`));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT" || error.code === "ECONNREFUSED"
            ? `The server holding ${dataDir} does not answer on ${socketPath}. Is it a server of this version, started with npm start or npm run dev? Stop it and run the backup again, or upgrade it first.`
            : `Could not reach the server holding ${dataDir}: ${error.message}`,
        ),
      ),
    );
    socket.on("end", () => {
      try {
        const reply = JSON.parse(received.trim()) as AdminAnswer;
        if (reply.ok) resolve(reply.pgdata);
        else reject(new Error(reply.error));
      } catch {
        reject(new Error("The server's answer to the snapshot request was not understood."));
      }
    });
  });
}
