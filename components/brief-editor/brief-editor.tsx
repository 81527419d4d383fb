"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import type { BriefFull } from "./brief-data";
import type { BriefPageData } from "@/lib/live/page-data-wire";
import type { Trace } from "@/lib/trace/trace-schema";
import { qaRowExtras } from "@/components/findings/qa-row-extras";
import { OtherOpenFindings } from "@/components/findings/other-open-findings";
import { BriefHeader } from "./brief-header";
import { ChecklistPanel } from "./checklist/checklist-panel";
import { useChecklistToggle } from "./checklist/use-checklist-toggle";
import { DraftForm } from "./draft/draft-form";
import { DraftReview } from "./draft/draft-review";
import { useDraft } from "./draft/use-draft";
import { usePropose } from "./draft/use-propose";
import { useSave } from "./draft/use-save";
import { approvalView, versionView } from "./history/history-items";
import { HistoryPanels } from "./history/history-panels";
import { LeaveDialog } from "./leave-dialog";
import { LifecycleColumn } from "./lifecycle/lifecycle-column";
import { useLifecycleActions } from "./lifecycle/use-lifecycle-actions";
import { LiveNotices } from "./live-notices";
import { ChecklistSummary } from "./read/checklist-summary";
import { EditActions, ReadActions } from "./read/document-actions";
import { documentParts } from "./read/document-sections";
import { OutlineColumn } from "./read/document-outline";
import { ReadDocument } from "./read/read-document";
import { readOnlyReasonOf } from "./read-only-reason";
import { useLeaveGuard } from "./use-leave-guard";
import { useBriefPageData } from "./use-brief-page-data";
import { useLiveBrief } from "./use-live-brief";
import { useQuietRefresh } from "./use-quiet-refresh";
import { OthersEditingContext } from "@/components/presence/presence-context";
import { usePresence } from "@/components/presence/use-presence";
import { othersEditingOf } from "@/components/presence/others-editing";
import { useViewMode } from "./use-view-mode";
import { BriefActionsBar } from "./brief-actions-bar";
import { briefQuality } from "@/lib/quality/quality-report";
import { qualityInputOf } from "@/components/quality/quality-input";
import { draftFindings, findingsByItem } from "./quality/draft-findings";
import { DraftFindingsContext } from "./quality/quality-context";
import { QualityPanel } from "./quality/quality-panel";
import { viewHref, type InitialView } from "./view-url";

type Leaving = { to: "read" } | { to: "page"; href: string };

/**
 * The brief page. It opens as a document (read mode) with its outline, the lifecycle and QA
 * progress beside it; Edit turns it into the form, for the whole brief or at one section. Each
 * concern is a hook — the draft, saving it, ticking the checklist, lifecycle actions, the live
 * stamp, the view mode, the guard on unsaved changes — and each part a view.
 */
export function BriefEditor({
  projectId,
  projectName,
  initialView,
  ...fromPage
}: {
  data: BriefFull;
  changeSeq: number;
  trace: Trace;
  quality: BriefPageData["quality"];
  projectId: string;
  projectName: string;
  initialView: InitialView;
}) {
  const router = useRouter();
  // What the page shows is kept current by fetching the brief's data, not by rendering the page again.
  const { view: { data, changeSeq, trace, quality: checkedWith }, refetch: refresh, accept } = useBriefPageData(fromPage);
  const quality = qualityInputOf(checkedWith);
  // The page's title was rendered with the page; a rename that arrives with fetched data renames it here.
  const shownTitle = data.brief.title;
  useEffect(() => {
    document.title = `${shownTitle} · Briefs`;
  }, [shownTitle]);
  const briefId = data.brief.id;
  const role = data.lifecycle.yourRole;
  const state = data.brief.state;
  const canEdit = (role === "owner" || role === "editor") && !isReadOnlyState(state);
  // A reviewer drafts like an editor, but "Suggest changes" sends the draft as a proposal.
  const proposing = role === "reviewer" && !isReadOnlyState(state);
  const canDraft = canEdit || proposing;
  const pagePath = `/projects/${projectId}/briefs/${briefId}`;

  const draft = useDraft(data, canDraft);
  const { state: form, dispatch, dirty, latest } = draft;
  const save = useSave(briefId, draft, refresh);
  const suggestion = usePropose(briefId, draft, refresh);
  const checklist = useChecklistToggle(briefId, { versionNum: latest.versionNum, state, content: latest.content }, dispatch, refresh);
  const lifecycleActions = useLifecycleActions(briefId, latest.versionNum, refresh);
  const quiet = useQuietRefresh(refresh, accept);
  const liveStatus = useLiveBrief(briefId, changeSeq, quiet.refreshWhenQuiet);
  const view = useViewMode(pagePath, initialView, canDraft);
  const presence = usePresence(briefId, view.editing);
  const othersEditing = useMemo(() => othersEditingOf(presence), [presence]);

  // Leaving the editor or the page with unsaved changes asks first.
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const askBeforeLeavingPage = useCallback((href: string) => setLeaving({ to: "page", href }), [setLeaving]);
  useLeaveGuard(view.editing && dirty, askBeforeLeavingPage);
  const leave = () => {
    if (!leaving) return;
    setLeaving(null);
    dispatch({ type: "discarded" });
    if (leaving.to === "read") view.openReader();
    else router.push(leaving.href);
  };

  const newest = data.collections.versions.items[0];
  const newestVersion = newest ? versionView(newest) : undefined;
  // A version this page just wrote (a tick, a save) shows before the page data has it: until then,
  // who saved last and when are those of an older version, so the header leaves them out.
  const pageDataCurrent = data.brief.versionNum === latest.versionNum;
  const readOnlyReason = readOnlyReasonOf(role, state);

  const checklistRows = latest.content.testingQaChecklist ?? [];
  const checklistProps = {
    rows: checklistRows,
    overrides: checklist.overrides,
    serverVersionNum: latest.versionNum,
    canToggle: canEdit,
    readOnlyReason,
    message: checklist.message,
    onToggle: (...args: Parameters<typeof checklist.toggle>) => {
      // The pause is counted from the tick's answer too: a slow answer does not let a refresh in before it.
      quiet.noteOwnTick();
      void checklist.toggle(...args).finally(quiet.noteOwnTick);
    },
    onDismissMessage: checklist.dismissMessage,
    rowExtra: qaRowExtras({ briefId, rows: checklistRows, trace, canAct: canEdit, onChanged: refresh }),
  };
  const lifecyclePanel = (
    <LifecycleColumn
      panel={{ projectId, briefId, state, versionNum: latest.versionNum, lifecycle: data.lifecycle, approvals: data.collections.approvals.items.map(approvalView), canEdit, dirty, actions: lifecycleActions }}
      canRequestReviews={role === "owner" && state === "in_review"}
      onRequested={refresh}
    />
  );
  const parts = documentParts(latest.content).parts;
  // The form's findings are checked item by item (remembered by text); read mode's over the saved version.
  const saved = briefQuality(latest.content, quality.rules, quality.suppressions);
  const findings = view.editing ? draftFindings(form.draft, quality) : saved.findings;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 print:max-w-none print:p-0">
      <BriefHeader
        projectId={projectId}
        projectName={projectName}
        title={draft.shownTitle}
        state={state}
        versionNum={latest.versionNum}
        lastSavedBy={pageDataCurrent ? newestVersion?.createdBy : undefined}
        updatedAt={pageDataCurrent ? data.lifecycle.updatedAt : undefined}
        viewer={role === "viewer"}
        reviewer={proposing}
        briefId={briefId}
        openProposals={data.openProposals}
        proof={trace.proof}
        canShare={role === "owner" || role === "editor"}
        actions={
          view.editing ? (
            <EditActions onDone={() => (dirty ? setLeaving({ to: "read" }) : view.openReader())} />
          ) : (
            <ReadActions
              editHref={canDraft ? viewHref(pagePath, "edit") : null}
              editLabel={proposing ? "Suggest changes" : "Edit"}
              onEdit={() => view.openEditor()}
              exportHref={`${pagePath}/export`}
            />
          )
        }
      />

      <BriefActionsBar projectId={projectId} briefId={briefId} title={shownTitle} canStartFrom={role === "owner" || role === "editor"} presence={presence} />

      <OthersEditingContext.Provider value={othersEditing}>
      <div className="mt-4 space-y-3 print:hidden" aria-live="polite">
        <LiveNotices status={liveStatus} dirty={dirty} signInHref={`/signin?callbackUrl=${encodeURIComponent(pagePath)}`} />
        <DraftReview data={data} draft={draft} newestVersion={newestVersion} save={save} />
      </div>

      {view.editing ? (
        // On a phone the form comes first and the panels follow it; on a wide screen they sit beside it.
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0">
            <DraftFindingsContext.Provider value={findingsByItem(findings)}>
            <DraftForm
              draft={draft}
              canSave={liveStatus !== "signed-out"}
              onSave={(ifVersionNum) => void (proposing ? suggestion.propose() : save(ifVersionNum))}
              proposal={proposing ? { summary: suggestion.summary, onSummary: suggestion.setSummary } : undefined}
            />
            </DraftFindingsContext.Provider>
          </div>
          <aside className="space-y-6" aria-label="Lifecycle and QA">
            <QualityPanel findings={findings} />
            {lifecyclePanel}
            <ChecklistPanel {...checklistProps} />
          </aside>
        </div>
      ) : (
        // The outline column shows from xl up; below it the outline is a disclosure above the document.
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] xl:grid-cols-[10rem_minmax(0,1fr)_19rem] print:block">
          <OutlineColumn parts={parts} />
          <ReadDocument
            briefId={briefId}
            pagePath={pagePath}
            content={latest.content}
            parts={parts}
            trace={trace}
            canEdit={canEdit}
            canDraft={canDraft}
            findings={findings}
            suppressed={saved.suppressed}
            checklist={checklistProps}
            onOpenEditor={view.openEditor}
            onChanged={refresh}
          />
          <aside className="space-y-6 print:hidden" aria-label="Lifecycle and QA">
            {lifecyclePanel}
            <ChecklistSummary rows={checklistRows} overrides={checklist.overrides} serverVersionNum={latest.versionNum} />
            <OtherOpenFindings briefId={briefId} rows={checklistRows} trace={trace} canResolve={canEdit} onChanged={refresh} />
          </aside>
        </div>
      )}
      </OthersEditingContext.Provider>

      <div className="mt-8 print:hidden">
        <HistoryPanels projectId={projectId} briefId={briefId} collections={data.collections} canComment={canEdit || proposing} />
      </div>

      <LeaveDialog open={leaving !== null} leavingPage={leaving?.to === "page"} onStay={() => setLeaving(null)} onLeave={leave} />
    </div>
  );
}
