"use client";

import { useActionState, useState } from "react";
import { setRequireProofAction } from "@/components/projects/actions";
import type { ProofMode } from "@/lib/projects/require-proof";
import { Button } from "../ui/button";
import { Select } from "../ui/select";
import { ProjectSettingForm } from "./project-setting-form";

const options = [
  { value: "off", label: "Off: the QA checklist is enough" },
  { value: "on", label: "On: passing evidence for every criterion" },
  { value: "verified", label: "Verified: passing evidence from CI for every criterion" },
] as const;

const stateText: Record<ProofMode, string> = {
  off: "Off: the QA checklist is enough.",
  on: "On: proof is required.",
  verified: "Verified: only proof from a verified CI report counts.",
};

const savedText: Record<ProofMode, string> = {
  off: "Saved: briefs of this project no longer need proof before they are checked.",
  on: "Saved: briefs of this project need proof before they are checked.",
  verified: "Saved: briefs of this project need proof from a verified CI report before they are checked.",
};

/** The owner's form for "Require proof before checked": off, on, or verified by CI only; then save. */
export function RequireProofForm({ projectId, proofMode }: { projectId: string; proofMode: ProofMode }) {
  const [state, action, pending] = useActionState(setRequireProofAction, undefined);
  const saved = state?.ok ? state.data.proofMode : proofMode;
  const [chosen, setChosen] = useState<ProofMode>(proofMode);
  return (
    <ProjectSettingForm label="Proof setting" projectId={projectId} action={action} state={state} savedText={(data) => savedText[data.proofMode]}>
      <Select
        id="require-proof"
        name="proofMode"
        label="Require proof before checked"
        hint="A brief moves to checked only when every acceptance criterion that is not exempt has passing evidence for its current text and no finding is open. Verified counts only evidence a CI run signed (GitHub Actions test reports)."
        options={options}
        value={chosen}
        onChange={(event) => setChosen(event.target.value as ProofMode)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending || chosen === saved}>
          {pending ? "Saving…" : "Save setting"}
        </Button>
        <span className="text-xs text-slate-600" data-testid="require-proof-state">
          {stateText[saved]}
        </span>
      </div>
    </ProjectSettingForm>
  );
}
