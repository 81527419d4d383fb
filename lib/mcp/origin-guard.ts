import { env } from "@/lib/config/env";

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

let configured: { key: string; origins: Set<string> } | undefined;

/** APP_URL's origin and BRIEFS_ALLOWED_ORIGINS (comma-separated), compared exactly: scheme, host and port. */
function configuredOrigins(): Set<string> {
  const { APP_URL, BRIEFS_ALLOWED_ORIGINS } = env();
  const key = `${APP_URL}\n${BRIEFS_ALLOWED_ORIGINS}`;
  if (configured?.key !== key) {
    const listed = BRIEFS_ALLOWED_ORIGINS.split(",").map((entry) => entry.trim()).filter(Boolean);
    const origins = new Set([new URL(APP_URL).origin]);
    for (const entry of listed) {
      if (!URL.canParse(entry)) throw new Error(`BRIEFS_ALLOWED_ORIGINS: "${entry}" is not an origin such as https://tools.example.com`);
      origins.add(new URL(entry).origin);
    }
    configured = { key, origins };
  }
  return configured.origins;
}

/**
 * The DNS-rebinding guard (contract §2): a present Origin must be the app's own, a loopback origin
 * (any port) or a configured one. Requests without Origin (non-browser clients) pass.
 */
export function isAllowedOrigin(origin: string | null): boolean {
  if (origin === null || origin === "") return true;
  if (!URL.canParse(origin)) return false; // includes the opaque origin "null"
  const url = new URL(origin);
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (LOOPBACK_HOSTNAMES.has(url.hostname)) return true;
  return configuredOrigins().has(url.origin);
}
