"use client";

import type { PresenceView } from "@/lib/live/presence/presence-schema";
import { sectionTitles } from "@/lib/briefs/section-titles";

function initials(label: string): string {
  const words = label.replace(/@.*/, "").split(/[\s._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? "?") + (words[1]?.[0] ?? "")).toUpperCase();
}

const titleOf = (key: string) => sectionTitles[key as keyof typeof sectionTitles] ?? key;

/**
 * Who is on the brief now: a round badge with initials for each person with it open (you included),
 * saying which section they edit, and the agents that wrote to it in the last minutes.
 */
export function PresenceBar({ view }: { view: PresenceView }) {
  const others = view.people.filter((person) => !person.you);
  if (others.length === 0 && view.agents.length === 0) return null;
  return (
    <section aria-label="Who is here" data-testid="presence" className="flex flex-wrap items-center gap-2 text-xs text-slate-600 print:hidden">
      <ul className="flex flex-wrap items-center gap-2">
        {view.people.map((person) => {
          const doing = person.editing.length ? `editing ${person.editing.map(titleOf).join(", ")}` : "viewing";
          const name = person.you ? `${person.label} (you)` : person.label;
          return (
            <li key={person.userId} data-testid="present-person" title={`${name}: ${doing}`} className="flex items-center gap-1.5">
              <span aria-hidden className={`flex size-7 items-center justify-center rounded-full text-[0.6875rem] font-semibold ${person.you ? "bg-slate-200 text-slate-700" : "bg-indigo-100 text-indigo-800 ring-2 ring-white"}`}>
                {initials(person.label)}
              </span>
              <span className={person.you ? "sr-only" : "max-w-40 truncate"}>
                {name}
                <span className="text-slate-500"> · {doing}</span>
              </span>
            </li>
          );
        })}
        {view.agents.map((agent) => (
          <li key={agent.label} data-testid="active-agent" title={`${agent.label}: wrote at ${new Date(agent.lastWriteAt).toLocaleTimeString()}`} className="flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900">
            <span aria-hidden className="inline-block size-2 rounded-full bg-emerald-500" />
            <span className="max-w-56 truncate">{agent.label}</span>
            <span className="text-emerald-800">· active</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
