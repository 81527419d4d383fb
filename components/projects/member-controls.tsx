"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { setProjectMemberAction } from "@/components/projects/actions";
import type { ProjectMember } from "@/lib/projects/list-project-members";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Select } from "../ui/select";
import { useIdempotentAction } from "../use-idempotent-action";
import { useIntentKeys } from "../use-intent-keys";
import { roleLabels, roleOptions } from "./role-badge";

/**
 * An owner's controls on one member or invitation row: change the role, or remove the member
 * (withdraw the invitation) after confirming.
 */
export function MemberControls({ projectId, member, isYou }: { projectId: string; member: ProjectMember; isYou: boolean }) {
  const router = useRouter();
  const [role, setRole] = useState<string>(member.role);
  const [state, onSubmit, pending] = useIdempotentAction(setProjectMemberAction, {
    resetOnSuccess: false,
    onSuccess: (change) => {
      // An owner who hands over ownership no longer manages the project: show it as they now see it.
      if (isYou && change.role !== "owner") router.refresh();
    },
  });
  const intents = useIntentKeys();
  const who = member.name ?? member.email;
  const invited = member.status === "invited";
  const removal = isYou
    ? { label: "Leave", ariaLabel: "Leave this project", title: "Leave this project?", confirm: "Leave project", body: "You will lose access to this project and its briefs straight away." }
    : invited
      ? {
          label: "Withdraw",
          ariaLabel: `Withdraw the invitation of ${member.email}`,
          title: `Withdraw the invitation of ${member.email}?`,
          confirm: "Withdraw invitation",
          body: `${member.email} will not join this project when they sign up. You can invite them again later.`,
        }
      : {
          label: "Remove",
          ariaLabel: `Remove ${member.email}`,
          title: `Remove ${who}?`,
          confirm: "Remove member",
          body: `${member.email} will lose access to this project and its briefs straight away. You can invite them again later.`,
        };

  async function remove(): Promise<string | null> {
    const intent = { email: member.email, role: "remove" };
    const form = new FormData();
    form.set("projectId", projectId);
    form.set("email", member.email);
    form.set("role", "remove");
    form.set("idempotencyKey", intents.keyFor(intent));
    const result = await setProjectMemberAction(undefined, form);
    intents.settle(intent);
    if (!result.ok) return result.error.details?.issues ? issueMessages(result.error.details.issues) : result.error.message;
    if (isYou) router.push("/projects");
    return null;
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <form onSubmit={onSubmit} className="flex min-w-0 flex-1 items-center gap-2" aria-label={`Role of ${member.email}`}>
          <input type="hidden" name="projectId" value={projectId} />
          <input type="hidden" name="email" value={member.email} />
          <Select
            id={`role-${member.email}`}
            name="role"
            label={`Role for ${member.email}`}
            hideLabel
            options={roleOptions.map((o) => ({ value: o.value, label: roleLabels[o.value] }))}
            value={role}
            onChange={(e) => setRole(e.target.value)}
            className="min-w-0 flex-1"
          />
          {/* Saving is offered once there is a change to save. */}
          {(role !== member.role || pending) && (
            <Button type="submit" variant="secondary" disabled={pending} aria-label={`Save role for ${member.email}`}>
              {pending ? "Saving…" : "Save"}
            </Button>
          )}
        </form>
        <ConfirmDialog
          triggerLabel={removal.label}
          triggerAriaLabel={removal.ariaLabel}
          triggerVariant="ghost"
          title={removal.title}
          confirmLabel={removal.confirm}
          onConfirm={remove}
        >
          {removal.body}
        </ConfirmDialog>
      </div>
      {state && !state.ok && (
        <Alert>{state.error.details?.issues ? issueMessages(state.error.details.issues) : state.error.message}</Alert>
      )}
    </div>
  );
}

function issueMessages(issues: unknown): string {
  return (issues as Array<{ message: string }>).map((i) => i.message).join(" ");
}
