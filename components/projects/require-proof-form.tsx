"use client";

import { useActionState, useState } from "react";
import { setRequireProofAction } from "@/components/projects/actions";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { ProjectSettingForm } from "./project-setting-form";

/** The owner's form for "Require proof before checked": tick or untick, then save. */
export function RequireProofForm({ projectId, requireProof }: { projectId: string; requireProof: boolean }) {
  const [state, action, pending] = useActionState(setRequireProofAction, undefined);
  const saved = state?.ok ? state.data.requireProof : requireProof;
  const [checked, setChecked] = useState(requireProof);
  return (
    <ProjectSettingForm
      label="Proof setting"
      projectId={projectId}
      action={action}
      state={state}
      savedText={(data) => (data.requireProof ? "Saved: briefs of this project need proof before they are checked." : "Saved: briefs of this project no longer need proof before they are checked.")}
    >
      <Checkbox
        id="require-proof"
        name="requireProof"
        label="Require proof before checked"
        description="A brief moves to checked only when every acceptance criterion that is not exempt has passing evidence for its current text and no finding is open."
        checked={checked}
        onChange={(event) => setChecked(event.target.checked)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending || checked === saved}>
          {pending ? "Saving…" : "Save setting"}
        </Button>
        <span className="text-xs text-slate-600" data-testid="require-proof-state">
          {saved ? "On: proof is required." : "Off: the QA checklist is enough."}
        </span>
      </div>
    </ProjectSettingForm>
  );
}
