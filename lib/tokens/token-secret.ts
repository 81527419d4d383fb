import crypto from "node:crypto";

const TOKEN_PREFIX = "brf_";
// 32 random bytes in base64url are 43 characters.
const TOKEN_PATTERN = /^brf_[A-Za-z0-9_-]{43,}$/;

export function generateTokenSecret(): string {
  return TOKEN_PREFIX + crypto.randomBytes(32).toString("base64url");
}

export function looksLikeToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** Only this hash is stored; a database leak reveals no usable token. */
export function hashTokenSecret(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
