"use client";

import { setProjectMemberAction } from "@/components/projects/actions";
import { fieldErrors } from "@/lib/web/field-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Select } from "../ui/select";
import { useIdempotentAction } from "../use-idempotent-action";
import { roleOptions } from "./role-badge";

/**
 * Adds someone by email: a confirmed account joins at once, any other address is invited and joins
 * when it is confirmed. Inviting an existing member changes their role.
 */
export function InviteMemberForm({ projectId }: { projectId: string }) {
  const [state, onSubmit, pending] = useIdempotentAction(setProjectMemberAction);
  const errors = fieldErrors(state);
  return (
    <form onSubmit={onSubmit} aria-label="Invite a member" className="space-y-3 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-medium text-slate-800">Invite a member</h3>
      <input type="hidden" name="projectId" value={projectId} />
      {state?.ok && (
        <Alert tone="success">
          {state.data.status === "invited"
            ? `${state.data.email} is invited as ${state.data.role}. They join when they sign up and confirm this address; let them know.`
            : `${state.data.email} can now open this project as ${state.data.role}.`}
        </Alert>
      )}
      {state && !state.ok && !errors.email && <Alert>{errors.role ?? state.error.message}</Alert>}
      <Field
        id="invite-email"
        name="email"
        type="email"
        label="Email"
        required
        autoComplete="off"
        placeholder="name@company.com"
        hint="Without a confirmed Briefs account yet, they are invited and join once they confirm this address."
        error={errors.email}
      />
      <Select id="invite-role" name="role" label="Role" options={roleOptions} defaultValue="editor" />
      <Button type="submit" variant="secondary" disabled={pending} className="w-full">
        {pending ? "Inviting…" : "Invite"}
      </Button>
    </form>
  );
}
