/** Where a notification leads, in the inbox and in its mail: its brief, or the page it is about. */
export function notificationPath(n: { kind: string; projectId: string; briefId: string | null }): string {
  if (n.kind === "webhook_disabled") return `/projects/${n.projectId}/settings/webhooks`;
  return n.briefId ? `/projects/${n.projectId}/briefs/${n.briefId}` : `/projects/${n.projectId}`;
}
