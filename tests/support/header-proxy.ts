import http from "node:http";
import type net from "node:net";

export type HeaderProxy = { port: number; close(): Promise<void> };

/**
 * A reverse proxy that adds `Authorization: Bearer <token>` to every request and forwards everything
 * else unchanged — Host and Origin included, so the app's Origin guard sees what the client sent.
 * For tools that cannot send headers themselves (the MCP conformance CLI).
 */
export function startHeaderProxy(target: string, token: string): Promise<HeaderProxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    });
    res.on("close", () => forward.destroy());
    req.pipe(forward);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
