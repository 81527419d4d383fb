import crypto from "node:crypto";
import { env } from "./env";

// Shared by the module copies a dev server may load.
const holder = globalThis as unknown as { __briefsStoredSecret?: string };

/**
 * The server secret (next-auth sessions, signed cursors). AUTH_SECRET when set; otherwise the one
 * the database keeps (see lib/db/stored-secret.ts), which every instance on that database shares
 * and which is loaded when the database opens, before anything signs with it.
 */
export function serverSecret(): string {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  if (holder.__briefsStoredSecret) return holder.__briefsStoredSecret;
  throw new Error("The server secret is not loaded: the database opens first (AUTH_SECRET is unset).");
}

export function rememberStoredSecret(value: string): void {
  holder.__briefsStoredSecret = value;
}

/** A key for one purpose, so a leak of one use never forges another. */
export function derivedKey(purpose: string): Buffer {
  return crypto.createHmac("sha256", serverSecret()).update(purpose).digest();
}
