import crypto from "node:crypto";

// RFC 7636: a verifier is 43–128 unreserved characters; an S256 challenge is 32 bytes in base64url.
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isS256Challenge(value: string): boolean {
  return S256_CHALLENGE.test(value);
}

export function s256(verifier: string): string {
  return crypto.createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** True when `verifier` is well formed and hashes to `challenge` (compared in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier) || !isS256Challenge(challenge)) return false;
  const computed = Buffer.from(s256(verifier));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && crypto.timingSafeEqual(computed, expected);
}
