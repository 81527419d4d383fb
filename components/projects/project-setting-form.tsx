import type { ReactNode } from "react";
import type { ActionResult } from "@/lib/web/action-result";
import { Alert } from "../ui/alert";

/**
 * The frame of an owner's form for a group of project settings: which project it sets, its fields,
 * and what the last save answered — the refusal, or `savedText` of what was saved.
 */
export function ProjectSettingForm<T>({
  label,
  projectId,
  action,
  state,
  savedText,
  children,
}: {
  label: string;
  projectId: string;
  action: (form: FormData) => void;
  state: ActionResult<T> | undefined;
  savedText: (saved: T) => string;
  children: ReactNode;
}) {
  return (
    <form action={action} aria-label={label} className="space-y-3">
      <input type="hidden" name="projectId" value={projectId} />
      {children}
      {state && !state.ok && <Alert>{state.error.message}</Alert>}
      {state?.ok && <Alert tone="success">{savedText(state.data)}</Alert>}
    </form>
  );
}
