"use client";

import type { ShareView } from "@/lib/shares/share-schema";
import { Badge } from "../ui/badge";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatDateTime } from "../ui/date-format";
import { RelativeTime } from "../ui/relative-time";
import { revokeShareAction } from "./actions";

const stateTone = { active: "success", expired: "muted", revoked: "neutral" } as const;

/** Every link of a brief: what it shows, who made it, when it was last opened, and "Revoke". */
export function ShareList({ projectId, briefId, shares }: { projectId: string; briefId: string; shares: ShareView[] }) {
  return (
    <ul className="space-y-3">
      {shares.map((share) => {
        const what = share.versionNum === null ? "The current brief" : `Version ${share.versionNum}`;
        return (
          <li key={share.id} aria-label={`${what}, made by ${share.createdBy}`} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
            <div className="space-y-1 text-sm">
              <p className="font-medium text-slate-900">
                {what} <Badge tone={stateTone[share.state]}>{share.state}</Badge>
              </p>
              <p className="text-slate-600">
                Made by {share.createdBy} <RelativeTime value={share.createdAt} />
                {share.expiresAt && ` · works until ${formatDateTime(share.expiresAt)}`}
              </p>
              <p className="text-slate-600">
                Last opened: <RelativeTime value={share.lastOpenedAt} fallback="never" />
              </p>
            </div>
            {share.state === "active" && (
              <ConfirmDialog
                triggerLabel="Revoke"
                triggerAriaLabel={`Revoke the link to ${what.toLowerCase()} made by ${share.createdBy}`}
                title="Revoke this link?"
                confirmLabel="Revoke link"
                onConfirm={async () => {
                  const answer = await revokeShareAction(projectId, briefId, share.id);
                  return answer.ok ? null : answer.error.message;
                }}
              >
                Anyone opening it from now on is told the link no longer works. This cannot be undone; make a new link to share again.
              </ConfirmDialog>
            )}
          </li>
        );
      })}
    </ul>
  );
}
