import crypto from "node:crypto";
import { derivedKey } from "@/lib/config/secrets";

/**
 * A signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. The
 * receiver keeps it to check signatures; we must keep it to make them, so it is stored encrypted
 * (AES-256-GCM under a key derived from the server secret), never in the clear and never shown again.
 */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

const KEY_PURPOSE = "webhook-secret";

export function sealWebhookSecret(secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", derivedKey(KEY_PURPOSE), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString("base64url")).join(".");
}

/** The secret, or an error when it was sealed under another server secret (AUTH_SECRET changed). */
export function unsealWebhookSecret(sealed: string): string {
  const [iv, body, tag] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", derivedKey(KEY_PURPOSE), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}
