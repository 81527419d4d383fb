import type { ReactNode } from "react";
import type { Actor } from "@/lib/auth/actor";
import { AppHeader } from "./app-header";

/** The frame of a settings page: the app's header, then the page's title under "Settings" and what the page is for. */
export function SettingsPage({
  actor,
  title,
  intro,
  emailNotice,
  children,
}: {
  actor: Actor;
  title: string;
  intro: ReactNode;
  emailNotice?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <AppHeader actor={actor} emailNotice={emailNotice} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        <div className="space-y-1">
          <p className="text-sm text-slate-600">Settings</p>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="max-w-3xl text-slate-600">{intro}</p>
        </div>
        {children}
      </main>
    </>
  );
}
