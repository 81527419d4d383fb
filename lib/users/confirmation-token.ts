import crypto from "node:crypto";

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_HOURS = 24;

const PREFIX = "brc_";
// 32 random bytes in base64url are 43 characters.
const PATTERN = /^brc_[A-Za-z0-9_-]{43}$/;

export function generateConfirmationToken(): string {
  return PREFIX + crypto.randomBytes(32).toString("base64url");
}

export function looksLikeConfirmationToken(value: unknown): value is string {
  return typeof value === "string" && PATTERN.test(value);
}

/** Only this hash is stored: a copy of the database confirms nobody's address. */
export function hashConfirmationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
