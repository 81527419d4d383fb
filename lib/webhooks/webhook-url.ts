import { env } from "@/lib/config/env";
import { isLoopbackHost } from "@/lib/http/loopback-host";

/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX = 2_000;

/**
 * Why a URL cannot be an endpoint, or null when it can: https only, no credentials in it. Plain
 * http is accepted only for loopback targets with BRIEFS_WEBHOOK_ALLOW_LOOPBACK, which tests set
 * (and the configuration refuses unless the app itself runs on loopback). Where the name leads is
 * checked again on every delivery (lib/http/public-address.ts), since DNS can change.
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
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && env().BRIEFS_WEBHOOK_ALLOW_LOOPBACK && isLoopbackHost(url.hostname)) return null;
  return "must be an https:// URL";
}
