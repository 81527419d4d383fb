import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { id: string; timestamp: string; signature: string; body: string; headers: Record<string, string> };

/**
 * A webhook endpoint on loopback for tests: it keeps every delivery it took, answers `status`
 * (200 unless told otherwise; "hang": never), and can be stopped and started again on the same port.
 */
export async function webhookReceiver(options: { status?: number; port?: number } = {}) {
  const received: Received[] = [];
  let status: number | "hang" = options.status ?? 200;
  let server: http.Server | undefined;
  let port = options.port ?? 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
          received.push({ id: headers["webhook-id"], timestamp: headers["webhook-timestamp"], signature: headers["webhook-signature"], body: Buffer.concat(chunks).toString("utf8"), headers });
          if (status !== "hang") response.writeHead(status).end();
        });
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    received,
    url: () => `http://127.0.0.1:${port}/hooks`,
    answer: (next: number | "hang") => void (status = next),
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
