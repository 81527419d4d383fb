import type { ProjectMember } from "@/lib/projects/list-project-members";
import { Badge } from "../ui/badge";
import { RelativeTime } from "../ui/relative-time";
import { InviteMemberForm } from "./invite-member-form";
import { MemberControls } from "./member-controls";
import { RoleBadge } from "./role-badge";

/**
 * Everyone in the project sees who is in it and who is invited; owners also invite, re-role,
 * remove, and withdraw invitations.
 */
export function MembersPanel({
  projectId,
  members,
  canManage,
  currentEmail,
}: {
  projectId: string;
  members: ProjectMember[];
  canManage: boolean;
  currentEmail: string;
}) {
  const active = members.filter((m) => m.status === "active");
  const invited = members.filter((m) => m.status === "invited");
  return (
    <section aria-labelledby="members-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="members-heading" className="font-medium">
          Members
        </h2>
        <span className="text-sm text-slate-500">{active.length}</span>
      </div>
      <ul aria-label="Members" className="divide-y divide-slate-100">
        {active.map((m) => {
          const isYou = m.email === currentEmail;
          return (
            <li key={m.email} className="space-y-2 py-3 first:pt-0">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-800" title={m.name ?? m.email}>
                    {m.name ?? m.email}
                    {isYou && <span className="font-normal text-slate-500"> (you)</span>}
                  </p>
                  {m.name && (
                    <p className="truncate text-xs text-slate-500" title={m.email}>
                      {m.email}
                    </p>
                  )}
                </div>
                <RoleBadge role={m.role} />
              </div>
              {canManage && <MemberControls key={`${m.email}:${m.role}`} projectId={projectId} member={m} isYou={isYou} />}
            </li>
          );
        })}
      </ul>
      {invited.length > 0 && (
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-medium text-slate-800">
            Invited <span className="font-normal text-slate-500">· join when they sign up and confirm their address</span>
          </h3>
          <ul aria-label="Invitations" className="divide-y divide-slate-100">
            {invited.map((m) => (
              <li key={m.email} className="space-y-2 py-3 first:pt-0">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="break-all text-sm font-medium text-slate-800">{m.email}</p>
                    <p className="text-xs text-slate-500">
                      Invited <RelativeTime value={m.since} />
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Badge tone="muted">Invited</Badge>
                    <RoleBadge role={m.role} />
                  </div>
                </div>
                {canManage && <MemberControls key={`${m.email}:${m.role}`} projectId={projectId} member={m} isYou={false} />}
              </li>
            ))}
          </ul>
        </div>
      )}
      {canManage ? (
        <InviteMemberForm projectId={projectId} />
      ) : (
        <p className="text-xs text-slate-500">Only the project’s owners can add or change members.</p>
      )}
    </section>
  );
}
