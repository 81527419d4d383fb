import type { Metadata } from "next";
import { MailSettingsForm } from "@/components/notifications/mail-settings-form";
import { SettingsPage } from "@/components/settings-page";
import { requireWebActor } from "@/lib/auth/session-gate";
import { getNotificationSettings } from "@/lib/notifications/notification-settings";

export const metadata: Metadata = { title: "Mail settings" };
export const dynamic = "force-dynamic";

/** How each kind of notification is mailed to the person: at once, in a daily digest, or not. */
export default async function MailSettingsPage() {
  const actor = await requireWebActor("/settings/notifications");
  const settings = await getNotificationSettings(actor);
  return (
    <SettingsPage actor={actor} title="Mail settings" intro={`Notifications are always in your inbox; these choose which are also mailed to ${actor.email}. A daily digest collects a day's notifications in one mail.`}>
      <MailSettingsForm settings={settings} />
    </SettingsPage>
  );
}
