import { env } from "./env";

const DEFAULT_PORT = 3000;

/**
 * The port this process serves on. Next sets PORT once its server listens (`next start -p N`,
 * `PORT=N next dev`), so reading it at call time follows the real port rather than a guess.
 */
function listeningPort(raw = process.env.PORT): number {
  const port = Number(raw);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_PORT;
}

/**
 * The app's public origin: APP_URL when configured; otherwise the local address on the port the app
 * listens on. Never taken from request headers (Host, X-Forwarded-*): clients compare the OAuth issuer
 * and resource by exact string, and headers can be spoofed.
 */
export function appOrigin(): string {
  const { APP_URL } = env();
  return APP_URL ? new URL(APP_URL).origin : `http://localhost:${listeningPort()}`;
}
