import { env } from "@/lib/config/env";
import { appOrigin } from "@/lib/config/app-origin";

import { isLoopbackHost } from "./loopback-host";

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
  if (isLoopbackHost(url.hostname)) return true;
  return configuredOrigins().has(url.origin);
}

/**
 * Whether a form post came from the app's own pages: Origin is the app's public origin (a loopback
 * alias of a loopback origin counts). Stricter than the guard above: no other port or origin.
 */
export function isAppOrigin(origin: string | null): boolean {
  if (origin === null || !URL.canParse(origin)) return false;
  const ours = new URL(appOrigin());
  const theirs = new URL(origin);
  if (theirs.origin === ours.origin) return true;
  return isLoopbackHost(ours.hostname) && isLoopbackHost(theirs.hostname) && theirs.protocol === ours.protocol && theirs.port === ours.port;
}
