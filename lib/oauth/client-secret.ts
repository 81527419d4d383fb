import crypto from "node:crypto";

/**
 * Secrets the authorization server hands out, each with a prefix that says what it is (so secret
 * scanners and people can tell them apart) and stored only as a SHA-256 hash.
 */
const secretPrefixes = {
  accessToken: "bro_",
  refreshToken: "brr_",
  authorizationCode: "brc_",
  clientSecret: "brs_",
} as const;

type SecretKind = keyof typeof secretPrefixes;

export function generateSecret(kind: SecretKind): string {
  return secretPrefixes[kind] + crypto.randomBytes(32).toString("base64url");
}

export function hashSecret(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatchesHash(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function looksLike(kind: SecretKind, value: string): boolean {
  return value.startsWith(secretPrefixes[kind]) && /^[A-Za-z0-9_-]{43}$/.test(value.slice(secretPrefixes[kind].length));
}
