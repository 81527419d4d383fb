"use client";

import { useState, useTransition } from "react";
import { notificationKinds, type MailMode, type NotificationKind } from "@/lib/notifications/notification-kinds";
import { setMailModeAction } from "./actions";

const modeLabels: Record<MailMode, string> = { immediate: "At once", digest: "Daily digest", off: "Not mailed" };

/** For each kind of notification, how it is mailed; each choice is saved as it is made. */
export function MailSettingsForm({ settings }: { settings: Record<NotificationKind, MailMode> }) {
  const [shown, setShown] = useState(settings);
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {(Object.keys(notificationKinds) as NotificationKind[]).map((kind) => (
          <li key={kind} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <label htmlFor={`mail-${kind}`} className="text-sm text-slate-800">
              {notificationKinds[kind].label}
            </label>
            <select
              id={`mail-${kind}`}
              value={shown[kind]}
              disabled={pending}
              onChange={(event) => {
                const mail = event.target.value as MailMode;
                setShown((was) => ({ ...was, [kind]: mail }));
                startTransition(async () => {
                  const result = await setMailModeAction(kind, mail);
                  setSaved(result.ok ? `Saved: ${notificationKinds[kind].label.toLowerCase()} — ${modeLabels[mail].toLowerCase()}.` : result.error.message);
                });
              }}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            >
              {(Object.keys(modeLabels) as MailMode[]).map((mode) => (
                <option key={mode} value={mode}>
                  {modeLabels[mode]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <p role="status" className="text-sm text-slate-600">
        {saved}
      </p>
    </div>
  );
}
