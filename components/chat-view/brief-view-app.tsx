import { useSyncExternalStore } from "react";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import { ChecklistCard } from "./checklist-card";
import { CriteriaCard } from "./criteria-card";
import { SectionList } from "./section-list";
import type { ViewSession } from "./view-session";

/** The whole view: header, the checklist (what a person acts on, so first), then the sections. */
export function BriefViewApp({ session }: { session: ViewSession }) {
  const state = useSyncExternalStore(session.subscribe, session.getState);
  if (state.phase === "waiting") return <p className="view-status" role="status">Loading the brief…</p>;
  if (state.phase === "failed" || !state.view) {
    return (
      <p className="view-status view-error" role="alert">
        {state.failure ?? "The brief could not be shown."}
      </p>
    );
  }
  const { view } = state;
  return (
    <main className="view" aria-labelledby="brief-title">
      <header className="view-header">
        <p className="view-project">{view.projectName}</p>
        <h1 id="brief-title">{view.title}</h1>
        <p className="view-facts">
          <span className={`view-state view-state-${view.state}`}>{briefStateLabels[view.state]}</span>
          <span>Version {view.versionNum}</span>
        </p>
      </header>
      <ChecklistCard view={view} pending={state.pending} notice={state.notice} onTick={(index) => void session.tick(index)} />
      <CriteriaCard view={view} />
      <SectionList sections={view.sections} />
    </main>
  );
}
