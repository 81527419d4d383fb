import crypto from "node:crypto";
import { z } from "zod";
import { derivedKey } from "@/lib/config/secrets";
import { allScopes } from "@/lib/auth/scopes";
import type { AuthorizationRequest } from "./authorization-request";

// Long enough to read the consent page, short enough that a leaked form is soon useless.
export const SEAL_LIFETIME_MS = 10 * 60_000;

const sealedSchema = z.object({
  request: z.object({
    clientId: z.string(),
    redirectUri: z.string(),
    state: z.string().nullable(),
    codeChallenge: z.string(),
    scopes: z.array(z.enum(allScopes)),
    resource: z.string(),
  }),
  userId: z.string(),
  exp: z.number(),
  nonce: z.string(),
});

function mac(payload: string): string {
  return crypto.createHmac("sha256", derivedKey("oauth-consent")).update(payload).digest("base64url");
}

/**
 * The validated request, bound to the signed-in person and a deadline, carried through the consent
 * form. The decision endpoint trusts only what it can verify here: a form that was altered, is
 * older than ten minutes, or was shown to someone else is refused (CSRF and tampering).
 */
export function sealAuthorizationRequest(request: AuthorizationRequest, userId: string, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ request, userId, exp: now + SEAL_LIFETIME_MS, nonce: crypto.randomBytes(12).toString("base64url") }),
  ).toString("base64url");
  return `${payload}.${mac(payload)}`;
}

export function unsealAuthorizationRequest(sealed: string, userId: string, now = Date.now()): AuthorizationRequest | null {
  const [payload, signature, extra] = sealed.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = sealedSchema.safeParse(json);
  if (!parsed.success || parsed.data.userId !== userId || parsed.data.exp <= now) return null;
  return parsed.data.request;
}
