import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { mailModes, notificationKinds, type MailMode, type NotificationKind } from "./notification-kinds";
import { checkUnsubscribe } from "./unsubscribe-link";

/** How each kind is mailed to the person: their choice, or the kind's default. */
export async function getNotificationSettings(actor: Actor): Promise<Record<NotificationKind, MailMode>> {
  const prisma = await getPrisma();
  const chosen = await prisma.notificationSetting.findMany({ where: { userId: actor.userId } });
  const settings = Object.fromEntries(Object.entries(notificationKinds).map(([kind, about]) => [kind, about.mail])) as Record<NotificationKind, MailMode>;
  for (const row of chosen) if (row.kind in settings) settings[row.kind as NotificationKind] = row.mail as MailMode;
  return settings;
}

const settingSchema = z.strictObject({ kind: z.enum(Object.keys(notificationKinds) as [NotificationKind, ...NotificationKind[]]), mail: z.enum(mailModes) });

/** Sets how one kind is mailed to the person from now on. */
export async function setNotificationSetting(actor: Actor, input: z.input<typeof settingSchema>): Promise<void> {
  const { kind, mail } = parseOrThrow(settingSchema, input);
  await setMailMode(actor.userId, kind, mail);
}

/**
 * Stops the kind of mail an unsubscribe link names, for the person it names: the link's signature
 * is the proof, no sign-in. The page's button and mail programs' one-click POST both come here. A
 * link we did not sign changes nothing (null).
 */
export async function unsubscribeByLink(params: { u?: string; k?: string; t?: string }): Promise<{ userId: string; kind: NotificationKind } | null> {
  const checked = checkUnsubscribe(params);
  if (checked) await setMailMode(checked.userId, checked.kind, "off");
  return checked;
}

/** The same for the unsubscribe link, which carries its own proof of who it is for. */
export async function setMailMode(userId: string, kind: NotificationKind, mail: MailMode): Promise<void> {
  const prisma = await getPrisma();
  await prisma.notificationSetting.upsert({ where: { userId_kind: { userId, kind } }, create: { userId, kind, mail }, update: { mail } });
  // What is still waiting to be mailed follows the new choice.
  await prisma.notification.updateMany({ where: { userId, kind, mailedAt: null }, data: { mail } });
}
