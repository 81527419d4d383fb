import crypto from "node:crypto";
import { derivedKey } from "@/lib/config/secrets";
import { DomainError } from "@/lib/errors";

/**
 * Opaque keyset cursors: base64url(JSON) + "." + base64url(HMAC). The scope binds a cursor to
 * one listing (one brief and collection, one user's projects…), so it cannot be replayed elsewhere.
 */
type Payload = { s: string; k: unknown; t: number };

export const CURSOR_TTL_MS = 24 * 60 * 60 * 1000;

function sign(body: string): string {
  return crypto.createHmac("sha256", derivedKey("briefs/cursor/v1")).update(body).digest("base64url");
}

export function encodeCursor(scope: string, key: unknown, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ s: scope, k: key, t: now } satisfies Payload)).toString("base64url");
  return `${body}.${sign(body)}`;
}

function invalid(reason: string): DomainError {
  return new DomainError("INVALID_CURSOR", `The cursor is not valid: ${reason}. Start again without a cursor.`, { reason });
}

export function decodeCursor(cursor: string, scope: string, now = Date.now()): unknown {
  const [body, mac, extra] = cursor.split(".");
  if (!body || !mac || extra !== undefined) throw invalid("malformed");
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw invalid("tampered");
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
  } catch {
    throw invalid("malformed");
  }
  if (payload.s !== scope) throw invalid("issued for another listing");
  if (typeof payload.t !== "number" || now - payload.t > CURSOR_TTL_MS) throw invalid("expired");
  return payload.k;
}
