import type { ProjectQuality } from "@/lib/quality/project-quality";
import { RULE_TEXTS } from "@/lib/quality/rule-texts";
import { Panel } from "../ui/panel";
import { QualitySettingsForm } from "./quality-settings-form";

/** The project's quality rules: owners change them, everyone else reads them. */
export function QualitySettingsPanel({ projectId, quality, canManage }: { projectId: string; quality: ProjectQuality; canManage: boolean }) {
  return (
    <Panel headingId="quality-setting-heading" title="Quality">
      {canManage ? (
        <QualitySettingsForm projectId={projectId} quality={quality} />
      ) : (
        <div className="space-y-1 text-sm text-slate-700" data-testid="quality-readonly">
          <p className="font-medium text-slate-800">Require quality before review: {quality.requireQuality ? "on" : "off"}</p>
          <p>Requirements follow EARS: {quality.earsRequired ? "on" : "off"}</p>
          {quality.disabledRules.length > 0 && <p>Rules turned off: {quality.disabledRules.map((rule) => RULE_TEXTS[rule].title).join(", ")}</p>}
          {quality.extraVagueTerms.length > 0 && <p>Vague terms of this project: {quality.extraVagueTerms.join(", ")}</p>}
          <p className="text-slate-600">Only the project’s owners change these.</p>
        </div>
      )}
    </Panel>
  );
}
