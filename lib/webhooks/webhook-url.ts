import { env } from "@/lib/config/env";
import { isLoopbackHost } from "@/lib/http/loopback-host";
import { isLoopbackAddress, literalAddressProblem } from "@/lib/http/public-address";

/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX = 2_000;

/**
 * Why a URL cannot be an endpoint, or null when it can: https only, no credentials in it, and no IP
 * literal that is not a public address (private, loopback, link-local and cloud metadata, carrier-
 * grade NAT, …), refused by the same check deliveries make, so an owner hears of it when saving
 * rather than from a delivery log that fails for a day. Plain http, and loopback, are accepted only
 * with BRIEFS_WEBHOOK_ALLOW_LOOPBACK, which tests set (and the configuration refuses unless the app
 * itself runs on loopback). A name's addresses are checked on every delivery
 * (lib/http/public-address.ts), since DNS can change after saving.
 */
export function webhookUrlProblem(text: string): string | null {
  if (text.length > WEBHOOK_URL_MAX) return `at most ${WEBHOOK_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "not a URL; write e.g. https://hooks.example.com/briefs";
  }
  if (url.username || url.password) return "must not carry a user name or password; use the signing secret to trust deliveries";
  const allowLoopback = env().BRIEFS_WEBHOOK_ALLOW_LOOPBACK;
  const plainAllowed = url.protocol === "http:" && allowLoopback && isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && !plainAllowed) return "must be an https:// URL";
  const refused = literalAddressProblem(url.hostname, allowLoopback ? isLoopbackAddress : undefined);
  return refused && `${refused}; webhooks are sent only to public addresses`;
}
