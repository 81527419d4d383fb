import type { PresenceView } from "@/lib/live/presence/presence-schema";

/** For each section, the people (other than you) editing it now. */
export function othersEditingOf(presence: PresenceView): Record<string, string[]> {
  const bySection: Record<string, string[]> = {};
  for (const person of presence.people) {
    if (person.you) continue;
    for (const section of person.editing) (bySection[section] ??= []).push(person.label);
  }
  return bySection;
}
