/**
 * What must never reach a log or exported telemetry, found in free text (a message, an error's
 * text, a span's attributes). Structured fields are also redacted by name (logger.ts); this is for
 * secrets inside strings, where no field name warns of them.
 *
 * - Our own credentials by their prefix: API tokens (brf_), OAuth access, refresh and client secrets
 *   and codes (bro_, brr_, brs_, brc_), e-mail confirmation tokens (brc_ too), webhook signing
 *   secrets (whsec_).
 * - Any `Bearer …` or `Basic …` credential.
 * - Any run of 32 or more URL-safe characters that mixes upper case, lower case and digits, as
 *   random bytes in base64url do: session ids, unsubscribe and webhook signatures — none has a
 *   prefix. UUIDs, hex digests and names such as a migration's are kept (an operator searches for
 *   them).
 * - Values of query parameters whose name says secret: token, code, secret, password, key, signature.
 */
const PREFIXED = /\b(?:brf|bro|brr|brs|brc)_[A-Za-z0-9_-]{16,}/g;
const WEBHOOK_SECRET = /\bwhsec_[A-Za-z0-9+/=]{16,}/g;
const SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const LONG_RUN = /[A-Za-z0-9_-]{32,}/g;
const SECRET_QUERY = /([?&](?:[a-z_]*token|code|secret|password|key|sig|signature|state)=)[^&#\s"']+/gi;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const REDACTED = "[redacted]";

export function scrubSecrets(text: string): string {
  if (text.length < 16) return text;
  return text
    .replace(PREFIXED, REDACTED)
    .replace(WEBHOOK_SECRET, REDACTED)
    .replace(SCHEME, (_, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(SECRET_QUERY, (_, name: string) => name + REDACTED)
    .replace(LONG_RUN, (run) => (looksRandom(run) && !UUID.test(run) ? REDACTED : run));
}

/**
 * Whether a short value a caller names something by (a request id, say) is one of our credentials,
 * by its prefix: a value kept whole in a log line's field must not be one.
 */
export function holdsCredential(value: string): boolean {
  return new RegExp(PREFIXED.source).test(value) || new RegExp(WEBHOOK_SECRET.source).test(value);
}

/**
 * Upper- and lower-case letters and digits together: what 32 random bytes in base64url always are
 * (a 43-character run lacks one of the three with odds below one in a billion). A migration's name,
 * a hex digest, a word or a path segment is not, and is kept: an operator searches for those.
 */
function looksRandom(run: string): boolean {
  return /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
}
