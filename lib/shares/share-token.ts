import crypto from "node:crypto";

/**
 * A share link's token: `brs_` and 32 random bytes (256 bits) in base64url, far past guessing. Only
 * its SHA-256 is stored; the link is shown once, to the person who made it.
 */
export function newShareToken(): string {
  return `brs_${crypto.randomBytes(32).toString("base64url")}`;
}

export function hashShareToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** The form a token can have; anything else is not looked up at all. */
export const SHARE_TOKEN_PATTERN = /^brs_[A-Za-z0-9_-]{43}$/;
