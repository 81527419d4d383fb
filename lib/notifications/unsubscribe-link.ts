import crypto from "node:crypto";
import { appOrigin } from "@/lib/config/app-origin";
import { derivedKey } from "@/lib/config/secrets";
import { isNotificationKind, type NotificationKind } from "./notification-kinds";

function mac(userId: string, kind: string): string {
  return crypto.createHmac("sha256", derivedKey("notification-unsubscribe")).update(`${userId}\n${kind}`).digest("base64url");
}

/**
 * A link that stops one kind of mail for one person, without signing in: signed with a key of its
 * own (it can do nothing else), and no secret of the person's is in it.
 */
export function unsubscribeLink(userId: string, kind: NotificationKind): string {
  const params = new URLSearchParams({ u: userId, k: kind, t: mac(userId, kind) });
  return `${appOrigin()}/unsubscribe?${params}`;
}

/**
 * The header fields for one-click unsubscribing (RFC 8058), which mail programs show as their own
 * "Unsubscribe" button: they POST `List-Unsubscribe=One-Click` to the URL, with no page to confirm on
 * (app/api/unsubscribe). The mail's own link asks first instead, since link scanners open links.
 */
export function oneClickUnsubscribeHeaders(userId: string, kind: NotificationKind): Record<string, string> {
  const params = new URLSearchParams({ u: userId, k: kind, t: mac(userId, kind) });
  return { "List-Unsubscribe": `<${appOrigin()}/api/unsubscribe?${params}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The person and kind a link's parameters name, or null when they are not ones we signed. */
export function checkUnsubscribe(params: { u?: string; k?: string; t?: string }): { userId: string; kind: NotificationKind } | null {
  const { u, k, t } = params;
  if (!u || !k || !t || !isNotificationKind(k)) return null;
  const expected = Buffer.from(mac(u, k));
  const given = Buffer.from(t);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { userId: u, kind: k } : null;
}
