"use client";

import { useActionState } from "react";
import { RULE_IDS, defaultSeverity } from "@/lib/quality/rule-ids";
import { RULE_TEXTS } from "@/lib/quality/rule-texts";
import type { ProjectQuality } from "@/lib/quality/project-quality";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { ProjectSettingForm } from "../projects/project-setting-form";
import { setProjectQualityAction } from "./actions";

/** The rules a project may turn off: all but `ears`, which has its own switch. */
const SWITCHABLE = RULE_IDS.filter((rule) => rule !== "ears");

/** The owner's form for the project's quality rules and its review gate. */
export function QualitySettingsForm({ projectId, quality }: { projectId: string; quality: ProjectQuality }) {
  const [state, action, pending] = useActionState(setProjectQualityAction, undefined);
  const saved = state?.ok ? state.data : quality;
  return (
    <ProjectSettingForm
      key={JSON.stringify(saved)}
      label="Quality settings"
      projectId={projectId}
      action={action}
      state={state}
      savedText={(data) => `Saved: ${data.requireQuality ? "briefs need their error findings fixed or suppressed before review." : "briefs move to review whatever their findings."}`}
    >
      <Checkbox
        id="require-quality"
        name="requireQuality"
        label="Require quality before review"
        description="A brief moves to review only when every error finding in its requirements and criteria is fixed or suppressed."
        defaultChecked={saved.requireQuality}
      />
      <Checkbox
        id="ears-required"
        name="earsRequired"
        label="Requirements follow EARS"
        description="A requirement in none of the EARS patterns (“The system shall …”, “When …, the system shall …”) is a finding."
        defaultChecked={saved.earsRequired}
      />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">Rules checked</legend>
        {SWITCHABLE.map((rule) => (
          <label key={rule} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="hidden" name="shownRule" value={rule} />
            <input type="checkbox" name="rule" value={rule} defaultChecked={!saved.disabledRules.includes(rule)} className="size-4 accent-indigo-600" />
            {RULE_TEXTS[rule].title}
            <span className="text-xs text-slate-500">({defaultSeverity(rule)})</span>
          </label>
        ))}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="vague-terms" className="text-sm font-medium text-slate-800">
          Vague terms of this project
        </label>
        <p id="vague-terms-description" className="text-xs text-slate-600">
          One per line, checked like “fast” or “intuitive”.
        </p>
        <textarea
          id="vague-terms"
          name="vagueTerms"
          rows={3}
          aria-describedby="vague-terms-description"
          defaultValue={saved.extraVagueTerms.join("\n")}
          className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
      </div>
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Saving…" : "Save quality settings"}
      </Button>
    </ProjectSettingForm>
  );
}
