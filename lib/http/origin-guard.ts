import { env } from "@/lib/config/env";
import { appOrigin } from "@/lib/config/app-origin";

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The app's public origin and BRIEFS_ALLOWED_ORIGINS (validated at start by env()), compared exactly: scheme, host and port. */
function configuredOrigins(): Set<string> {
  const listed = env().BRIEFS_ALLOWED_ORIGINS.split(",").map((entry) => entry.trim()).filter(Boolean);
  return new Set([appOrigin(), ...listed].map((url) => new URL(url).origin));
}

/**
 * The DNS-rebinding guard (docs/contract.md#origin-guard): a present Origin must be the app's own, a loopback origin
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
