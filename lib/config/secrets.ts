import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env";

let cached: string | undefined;

/**
 * The server secret (next-auth sessions, signed cursors). From AUTH_SECRET when set; on the
 * embedded database a secret is generated once and kept in the data folder, so a fresh clone
 * runs without configuration. Several instances on PostgreSQL must share it: there it is required.
 */
export function serverSecret(): string {
  if (cached) return cached;
  const config = env();
  if (config.AUTH_SECRET) return (cached = config.AUTH_SECRET);
  if (config.DATABASE_URL) {
    throw new Error("AUTH_SECRET is required when DATABASE_URL is set (all app instances must share it).");
  }
  if (config.inMemory) return (cached = crypto.randomBytes(32).toString("base64url"));
  const file = path.join(config.dataDir, "auth-secret");
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (cached = fs.readFileSync(file, "utf8").trim());
}

/** A key for one purpose, so a leak of one use never forges another. */
export function derivedKey(purpose: string): Buffer {
  return crypto.createHmac("sha256", serverSecret()).update(purpose).digest();
}
