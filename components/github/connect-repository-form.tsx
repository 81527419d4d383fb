"use client";

import { useActionState, useState } from "react";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { connectRepositoryAction } from "./actions";

/** Connects a repository by its installation's number and owner/name; GitHub's own names are kept, lower-cased. */
export function ConnectRepositoryForm({ projectId }: { projectId: string }) {
  const [state, action, pending] = useActionState(connectRepositoryAction, undefined);
  // Controlled, so a refused name stays in the field to be corrected rather than being cleared with the form.
  const [repository, setRepository] = useState("");
  const [installationId, setInstallationId] = useState("");
  const issues = state && !state.ok ? ((state.error.details?.issues as Array<{ path: string; message: string }> | undefined) ?? []) : [];
  const issue = (path: string) => issues.find((i) => i.path === path)?.message;
  return (
    <form action={action} aria-label="Connect a repository" className="space-y-3">
      <input type="hidden" name="projectId" value={projectId} />
      <Field id="github-repository" name="repository" label="Repository" hint="owner/name, e.g. octo-org/web-app" required autoComplete="off" value={repository} onChange={(event) => setRepository(event.target.value)} error={issue("repository")} />
      <Field id="github-installation" name="installationId" label="Installation id" hint="The number at the end of the App installation's settings address on GitHub." inputMode="numeric" required autoComplete="off" value={installationId} onChange={(event) => setInstallationId(event.target.value)} error={issue("installationId")} />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Connecting…" : "Connect"}
      </Button>
      {state && !state.ok && !issues.length && <Alert>{state.error.message}</Alert>}
      {state?.ok && <Alert tone="success">Connected {state.data.fullName}: its pull requests can now link this project’s tickets.</Alert>}
    </form>
  );
}
