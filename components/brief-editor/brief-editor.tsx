"use client";

import { useRouter } from "next/navigation";
import { useCallback, useTransition } from "react";
import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import type { BriefContent } from "@/lib/briefs/schema";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import type { BriefFull } from "./brief-data";
import { BriefHeader } from "./brief-header";
import { ChecklistPanel } from "./checklist/checklist-panel";
import { useChecklistToggle } from "./checklist/use-checklist-toggle";
import { ConflictPanel } from "./conflict-panel";
import { ContentView } from "./content-view";
import { ChangedElsewhere } from "./draft/changed-elsewhere";
import { DraftForm } from "./draft/draft-form";
import { theirsOf } from "./draft/draft-state";
import { useDraft } from "./draft/use-draft";
import { useSave } from "./draft/use-save";
import { contentFromModel } from "./form-model";
import { approvalView, versionView } from "./history/history-items";
import { HistoryPanels } from "./history/history-panels";
import { LifecyclePanel } from "./lifecycle/lifecycle-panel";
import { useLifecycleActions } from "./lifecycle/use-lifecycle-actions";
import { LiveNotices } from "./live-notices";
import { useLiveStamp } from "./use-live-stamp";

/**
 * The brief page: the document as a form (or as a document for those who may not change it), the
 * lifecycle and QA checklist beside it, and the history below. Each concern is a hook — the draft,
 * saving it, ticking the checklist, lifecycle actions, the live stamp — and each part a view.
 */
export function BriefEditor({ data, projectId, projectName }: { data: BriefFull; projectId: string; projectName: string }) {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  const refresh = useCallback(() => startRefresh(() => router.refresh()), [router]);
  const briefId = data.brief.id;
  const role = data.lifecycle.yourRole;
  const state = data.brief.state;
  const canEdit = role !== "viewer" && !isReadOnlyState(state);

  const draft = useDraft(data, canEdit);
  const { state: form, dispatch, dirty, latest } = draft;
  const save = useSave(briefId, draft, refresh);
  const checklist = useChecklistToggle(briefId, latest.versionNum, dispatch, refresh);
  const lifecycleActions = useLifecycleActions(briefId, latest.versionNum, refresh);
  const liveStatus = useLiveStamp(briefId, { versionNum: data.brief.versionNum, state, title: data.brief.title, updatedAt: data.lifecycle.updatedAt }, refresh);

  const newest = data.collections.versions.items[0];
  const newestVersion = newest ? versionView(newest) : undefined;
  const theirs = theirsOf(data, form.conflict);
  const showReview = form.reviewOpen && (form.conflict !== null || draft.changedElsewhere);
  const readOnlyReason =
    role === "viewer" ? "You can view this brief; ask an owner for editor access to change it." : isReadOnlyState(state) ? `This brief is ${briefStateLabels[state].toLowerCase()}; it can no longer change.` : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <BriefHeader
        projectId={projectId}
        projectName={projectName}
        title={draft.shownTitle}
        state={state}
        versionNum={latest.versionNum}
        lastSavedBy={newestVersion?.createdBy}
        updatedAt={data.lifecycle.updatedAt}
        viewer={role === "viewer"}
      />

      <div className="mt-4 space-y-3" aria-live="polite">
        <LiveNotices status={liveStatus} dirty={dirty} signInHref={`/signin?callbackUrl=${encodeURIComponent(`/projects/${projectId}/briefs/${briefId}`)}`} />
        {draft.changedElsewhere && !showReview && <ChangedElsewhere versionNum={data.brief.versionNum} by={newestVersion?.createdBy} onReview={() => dispatch({ type: "reviewOpened" })} />}
        {showReview && (
          <ConflictPanel
            mode={form.conflict ? "conflict" : "changed"}
            base={form.base}
            theirs={theirs}
            mine={{ title: form.draft.title, content: contentFromModel(form.draft, form.base.content) as BriefContent }}
            theirAuthor={newestVersion?.createdBy && newestVersion.versionNum === String(theirs?.versionNum) ? { by: newestVersion.createdBy, at: newestVersion.createdAt } : null}
            busy={form.saving}
            onOverwrite={() => theirs && void save(theirs.versionNum)}
            onReloadTheirs={() => dispatch({ type: "reloadedTheirs", data })}
            onClose={() => dispatch({ type: "reviewClosed" })}
          />
        )}
      </div>

      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className="space-y-6 lg:col-start-2 lg:row-start-1" aria-label="Lifecycle and QA">
          <LifecyclePanel
            projectId={projectId}
            briefId={briefId}
            state={state}
            versionNum={latest.versionNum}
            lifecycle={data.lifecycle}
            approvals={data.collections.approvals.items.map(approvalView)}
            canEdit={canEdit}
            dirty={dirty}
            actions={lifecycleActions}
          />
          <ChecklistPanel
            rows={latest.content.testingQaChecklist ?? []}
            overrides={checklist.overrides}
            serverVersionNum={latest.versionNum}
            canToggle={canEdit}
            readOnlyReason={readOnlyReason}
            message={checklist.message}
            onToggle={checklist.toggle}
            onDismissMessage={checklist.dismissMessage}
          />
        </aside>

        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {canEdit ? <DraftForm draft={draft} canSave={liveStatus !== "signed-out"} onSave={(ifVersionNum) => void save(ifVersionNum)} /> : <ContentView content={latest.content} />}
        </div>
      </div>

      <div className="mt-8">
        <HistoryPanels projectId={projectId} briefId={briefId} collections={data.collections} canComment={canEdit} />
      </div>
    </div>
  );
}
