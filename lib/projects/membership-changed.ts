import type { EventDraft } from "@/lib/events/record-events";

/** The event of a membership that began, changed role or ended (`role` null). */
export function membershipChanged(projectId: string, userId: string, role: string | null, previousRole: string | null): EventDraft {
  return { type: "membership.changed", projectId, data: { userId, role, previousRole } };
}
