"use client";

import Link from "next/link";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition, type KeyboardEvent } from "react";
import type { getBriefFull } from "@/lib/briefs/get-brief-full";
import { isReadOnlyState } from "@/lib/briefs/lifecycle";
import type { BriefContent, QaChecklistItem } from "@/lib/briefs/schema";
import type { ValidationIssue } from "@/lib/errors";
import type { ActionResult } from "@/lib/web/action-result";
import { saveBriefAction } from "@/app/projects/[projectId]/briefs/[briefId]/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChecklistPanel, type ChecklistOverride } from "./checklist-panel";
import { ConflictPanel } from "./conflict-panel";
import { ContentForm } from "./content-form";
import { ContentView } from "./content-view";
import { formatDateTime } from "@/components/ui/date-format";
import { contentFingerprint, contentFromModel, fieldId, issuesByPath, modelFromContent, validateDraft, type FormModel } from "./form-model";
import { HistoryPanels } from "./history/history-panels";
import { useIntentKeys } from "@/components/use-intent-keys";
import { LifecyclePanel } from "./lifecycle/lifecycle-panel";
import { useLifecycleActions } from "./lifecycle/use-lifecycle-actions";
import { approvalView } from "./history/history-items";
import { sectionLabel } from "./sections";
import { BriefStateBadge, briefStateLabels } from "@/components/brief-state-badge";
import { useLiveStamp } from "./use-live-stamp";

export type BriefFull = Awaited<ReturnType<typeof getBriefFull>>;

/**
 * What the draft was started from. `origin: "write"` marks a version this page just wrote itself
 * and the server's page data may not show yet; the page data never overwrites it with older data.
 */
type Base = { versionNum: number; title: string; content: BriefContent; updatedAt: string | null; origin: "props" | "write" };

function baseFromData(data: BriefFull): Base {
  return { versionNum: data.brief.versionNum, title: data.brief.title, content: data.brief.content, updatedAt: data.lifecycle.updatedAt, origin: "props" };
}

/** Whether the page data is newer than the base (so an untouched form should follow it). */
function dataIsAhead(data: BriefFull, base: Base): boolean {
  const { versionNum, title } = data.brief;
  if (versionNum !== base.versionNum) return versionNum > base.versionNum;
  if (base.origin === "write") return title === base.title;
  return title !== base.title || data.lifecycle.updatedAt !== base.updatedAt;
}

type ErrorOf<R> = R extends { ok: false; error: infer E } ? E : never;
type DomainErrorJson = ErrorOf<ActionResult<unknown>>;

function explain(error: DomainErrorJson): string {
  if (error.code === "BRIEF_VERSION_CONFLICT") return "The brief changed meanwhile. Look at the current version and try again.";
  if (error.code === "PROJECT_ACCESS_DENIED") return "You do not have permission to change this brief (or it no longer exists).";
  return error.message;
}

/** "content.acceptanceCriteria[0].id" → "Acceptance criteria, item 1, id". */
function describePath(path: string): string {
  if (path === "title") return "Title";
  const match = /^content\.?([A-Za-z_$][\w$]*)?(.*)$/.exec(path);
  if (!match || !match[1]) return "Content";
  const rest = match[2]
    .replace(/\[(\d+)\]/g, (_, n: string) => `, item ${Number(n) + 1}`)
    .replace(/\.([\w$]+)/g, ", $1");
  return `${sectionLabel(match[1])}${rest}`;
}

const OFFLINE = "The server could not be reached. Nothing was lost; try again in a moment.";

/** An action call that never throws: a network failure becomes null, so the page can say so and keep everything. */
async function attempt<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T> | null> {
  try {
    return await run();
  } catch {
    return null;
  }
}

function focusField(path: string) {
  // The most specific element that exists: the field itself, else its row or section.
  for (let p = path; p; p = p.replace(/(\.[^.[\]]+|\[\d+\])$/, "")) {
    const element = document.getElementById(fieldId(p));
    if (element) {
      element.focus();
      element.scrollIntoView({ block: "center" });
      return;
    }
    if (!/[.[]/.test(p)) break;
  }
}

export function BriefEditor({ data, projectId, projectName }: { data: BriefFull; projectId: string; projectName: string }) {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  const refresh = useCallback(() => startRefresh(() => router.refresh()), [router]);
  const briefId = data.brief.id;
  const role = data.lifecycle.yourRole;
  const state = data.brief.state;
  const canEdit = role !== "viewer" && !isReadOnlyState(state);

  const [base, setBase] = useState<Base>(() => baseFromData(data));
  const [draft, setDraft] = useState<FormModel>(() => modelFromContent(data.brief.title, data.brief.content, `v${data.brief.versionNum}`));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [serverIssues, setServerIssues] = useState<ValidationIssue[]>([]);
  const [saving, setSaving] = useState(false);
  const [saveMessage, setSaveMessage] = useState<{ tone: "error" | "success"; text: string; versionNum?: number } | null>(null);
  const [conflict, setConflict] = useState<{ currentVersionNum: number } | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [overrides, setOverrides] = useState<Record<number, ChecklistOverride>>({});
  const [checklistMessage, setChecklistMessage] = useState<string | null>(null);

  const baseFingerprint = useMemo(() => contentFingerprint(modelFromContent(base.title, base.content, "base"), base.content), [base.title, base.content]);
  const draftFingerprint = contentFingerprint(draft, base.content);
  const contentDirty = draftFingerprint !== baseFingerprint;
  const titleDirty = draft.title !== base.title;
  const dirty = canEdit && (contentDirty || titleDirty);

  // Follow the server while the form is untouched; with unsaved edits, keep them and say so.
  if (dataIsAhead(data, base)) {
    const next = baseFromData(data);
    if (next.versionNum === base.versionNum && next.title === base.title) {
      setBase(next);
    } else if (!dirty) {
      setBase(next);
      setDraft(modelFromContent(next.title, next.content, `v${next.versionNum}`));
      setServerIssues([]);
      setConflict(null);
      setReviewOpen(false);
    }
  }
  const changedElsewhere = dirty && (data.brief.versionNum > base.versionNum || (base.origin === "props" && data.brief.title !== base.title));

  const intents = useIntentKeys();
  const baseRef = useRef(base);
  useEffect(() => {
    baseRef.current = base;
  });

  // What the page shows as current: the base when this page wrote something newer than the page data.
  const latest = base.versionNum > data.brief.versionNum ? { versionNum: base.versionNum, content: base.content } : { versionNum: data.brief.versionNum, content: data.brief.content };
  const shownTitle = base.origin === "write" ? base.title : data.brief.title;

  const lifecycleActions = useLifecycleActions(briefId, latest.versionNum, refresh);
  const liveStatus = useLiveStamp(briefId, { versionNum: data.brief.versionNum, state, title: data.brief.title, updatedAt: data.lifecycle.updatedAt }, refresh);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // ---- validation ----
  const clientIssues = useMemo(() => (canEdit ? validateDraft(draft, base.content) : []), [canEdit, draft, base.content]);
  const visibleErrors = useMemo(() => {
    const shown: Record<string, string> = {};
    const isTouched = (path: string) => {
      const id = fieldId(path);
      for (const t of touched) if (t === id || t.startsWith(`${id}-`)) return true;
      return false;
    };
    for (const [path, message] of Object.entries(issuesByPath(clientIssues))) if (showAllErrors || isTouched(path)) shown[path] = message;
    for (const [path, message] of Object.entries(issuesByPath(serverIssues))) shown[path] ??= message;
    return shown;
  }, [clientIssues, serverIssues, showAllErrors, touched]);
  const summaryIssues = showAllErrors ? (serverIssues.length ? [...serverIssues, ...clientIssues] : clientIssues) : [];

  const updateDraft = (model: FormModel) => {
    setDraft(model);
    if (serverIssues.length) setServerIssues([]);
    if (saveMessage) setSaveMessage(null);
    setConfirmDiscard(false);
  };

  // ---- save ----
  const save = async (ifVersionNum: number) => {
    const issues = validateDraft(draft, base.content);
    if (issues.length) {
      setShowAllErrors(true);
      setSaveMessage(null);
      requestAnimationFrame(() => focusField(issues[0].path));
      return;
    }
    const startedFrom = draft;
    const change = {
      briefId,
      ifVersionNum,
      ...(titleDirty && { title: draft.title }),
      ...(contentDirty && { content: contentFromModel(draft, base.content) }),
    };
    // Retrying the very same save after a lost answer reuses its key, so it applies once.
    const idempotencyKey = intents.keyFor(change);
    setSaving(true);
    setSaveMessage(null);
    const result = await attempt(() => saveBriefAction({ ...change, idempotencyKey } as Parameters<typeof saveBriefAction>[0]));
    setSaving(false);
    if (!result) {
      setSaveMessage({ tone: "error", text: OFFLINE });
      return;
    }
    intents.settle(change);
    if (result.ok) {
      const brief = result.data;
      setBase({ versionNum: brief.versionNum, title: brief.title, content: brief.content, updatedAt: null, origin: "write" });
      // Keep anything typed while the save was under way; otherwise show the stored document.
      setDraft((current) => (current === startedFrom ? modelFromContent(brief.title, brief.content, `v${brief.versionNum}`) : current));
      setServerIssues([]);
      setShowAllErrors(false);
      setTouched(new Set());
      setConflict(null);
      setReviewOpen(false);
      setSaveMessage({
        tone: "success",
        versionNum: brief.versionNum,
        text: brief.createdNewVersion
          ? `Saved as version ${brief.versionNum}.${brief.staledApprovals ? ` ${brief.staledApprovals} approval(s) are now stale.` : ""}`
          : "Saved.",
      });
      refresh();
      return;
    }
    const { error } = result;
    if (error.code === "BRIEF_VERSION_CONFLICT") {
      setConflict({ currentVersionNum: Number(error.details?.currentVersionNum ?? 0) });
      setReviewOpen(true);
      refresh();
    } else if (error.code === "VALIDATION_ERROR") {
      setServerIssues((error.details?.issues as ValidationIssue[] | undefined) ?? []);
      setShowAllErrors(true);
      setSaveMessage({ tone: "error", text: "The server refused some fields; they are marked below." });
    } else {
      setSaveMessage({ tone: "error", text: explain(error) });
      if (error.code === "BRIEF_STATE_CONFLICT") refresh();
    }
  };

  const discard = () => {
    setDraft(modelFromContent(base.title, base.content, `v${base.versionNum}`));
    setServerIssues([]);
    setShowAllErrors(false);
    setTouched(new Set());
    setConfirmDiscard(false);
    setSaveMessage(null);
  };

  const reloadTheirs = () => {
    const next = baseFromData(data);
    setBase(next);
    setDraft(modelFromContent(next.title, next.content, `v${next.versionNum}`));
    setServerIssues([]);
    setShowAllErrors(false);
    setTouched(new Set());
    setConflict(null);
    setReviewOpen(false);
    setSaveMessage(null);
  };

  // ---- checklist ----
  const toggleRow = async (index: number, row: QaChecklistItem, checked: boolean) => {
    setChecklistMessage(null);
    setOverrides((o) => ({ ...o, [index]: { text: row.text, checked, pending: true, versionNum: latest.versionNum } }));
    const intent = { index, expectedText: row.text, checked };
    let body: { ok: boolean; data?: { brief: BriefFull["brief"] }; error?: DomainErrorJson } | null = null;
    try {
      const response = await fetch(`/api/briefs/${encodeURIComponent(briefId)}/checklist`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...intent, idempotencyKey: intents.keyFor(intent) }),
      });
      body = await response.json();
      intents.settle(intent);
    } catch {
      body = null;
    }
    if (body?.ok && body.data) {
      const brief = body.data.brief;
      const stored = brief.content.testingQaChecklist?.[index];
      setOverrides((o) => ({ ...o, [index]: { text: row.text, checked, pending: false, versionNum: brief.versionNum, row: stored } }));
      // A tick is not an edit of the draft: carry it into the draft when it is the only change since the base.
      const current = baseRef.current;
      const onlyThisChange = brief.versionNum === current.versionNum + 1 || (!brief.createdNewVersion && brief.versionNum === current.versionNum);
      if (onlyThisChange && stored) {
        setBase({ versionNum: brief.versionNum, title: brief.title, content: brief.content, updatedAt: null, origin: "write" });
        setDraft((d) => ({
          ...d,
          sections: {
            ...d.sections,
            testingQaChecklist: d.sections.testingQaChecklist?.map((r) =>
              r.origIndex === index ? { ...r, value: { ...r.value, checked: stored.checked, checkedBy: stored.checkedBy, checkedAt: stored.checkedAt } } : r,
            ),
          },
        }));
      }
      refresh();
      return;
    }
    setOverrides((o) => {
      const next = { ...o };
      delete next[index];
      return next;
    });
    const error = body?.error;
    setChecklistMessage(
      !error
        ? "The change could not be sent. Check your connection and try again."
        : error.code === "BRIEF_VERSION_CONFLICT"
          ? `“${row.text}” was changed or moved by someone else meanwhile; the list now shows the current rows.`
          : `“${row.text}” was not ${checked ? "checked" : "unchecked"}: ${explain(error)}`,
    );
    refresh();
  };

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      if (dirty && !saving && liveStatus !== "signed-out") void save(base.versionNum);
    }
  };

  const approvals = data.collections.approvals.items.map(approvalView);
  const newestVersion = data.collections.versions.items[0] as { versionNum?: number; createdBy?: string; createdAt?: string } | undefined;
  const theirs = conflict && data.brief.versionNum < conflict.currentVersionNum ? null : { versionNum: data.brief.versionNum, title: data.brief.title, content: data.brief.content };
  const showReview = reviewOpen && (conflict !== null || changedElsewhere);
  const checklistRows = latest.content.testingQaChecklist ?? [];
  const readOnlyReason =
    role === "viewer" ? "You can view this brief; ask an owner for editor access to change it." : isReadOnlyState(state) ? `This brief is ${briefStateLabels[state].toLowerCase()}; it can no longer change.` : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <Breadcrumbs items={[{ label: "Projects", href: "/projects" }, { label: projectName, href: `/projects/${projectId}` }, { label: shownTitle }]} />
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 break-words text-2xl font-semibold text-slate-900">{shownTitle}</h1>
        <BriefStateBadge state={state} />
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="brief-version">
        Version {latest.versionNum}
        {newestVersion?.createdBy ? ` · last saved by ${newestVersion.createdBy}` : ""} · updated {formatDateTime(data.lifecycle.updatedAt)}
        {role === "viewer" && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">Read only · viewer</span>}
      </p>

      <div className="mt-4 space-y-3" aria-live="polite">
        {liveStatus === "gone" && <Alert>You no longer have access to this brief, or it was removed.</Alert>}
        {liveStatus === "signed-out" && (
          <Alert>
            Your session ended.{" "}
            <Link className="underline" href={`/signin?callbackUrl=${encodeURIComponent(`/projects/${projectId}/briefs/${briefId}`)}`}>
              Sign in again
            </Link>{" "}
            {dirty ? "in another tab to keep your unsaved edits." : "to continue."}
          </Alert>
        )}
        {liveStatus === "offline" && <Alert tone="info">Cannot reach the server; live updates resume when it answers again.</Alert>}
        {changedElsewhere && !showReview && (
          <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="changed-elsewhere">
            <span>
              This brief changed elsewhere (now version {data.brief.versionNum}
              {newestVersion?.createdBy ? `, by ${newestVersion.createdBy}` : ""}). Your unsaved edits are kept.
            </span>
            <Button type="button" variant="secondary" onClick={() => setReviewOpen(true)}>
              Review changes
            </Button>
          </div>
        )}
        {showReview && (
          <ConflictPanel
            mode={conflict ? "conflict" : "changed"}
            base={base}
            theirs={theirs}
            mine={{ title: draft.title, content: contentFromModel(draft, base.content) as BriefContent }}
            theirAuthor={newestVersion?.versionNum === theirs?.versionNum && newestVersion?.createdBy ? { by: newestVersion.createdBy, at: newestVersion.createdAt ?? "" } : null}
            busy={saving}
            onOverwrite={() => theirs && void save(theirs.versionNum)}
            onReloadTheirs={reloadTheirs}
            onClose={() => setReviewOpen(false)}
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
            approvals={approvals}
            canEdit={canEdit}
            dirty={dirty}
            actions={lifecycleActions}
          />
          <ChecklistPanel
            rows={checklistRows}
            overrides={overrides}
            serverVersionNum={latest.versionNum}
            canToggle={canEdit}
            readOnlyReason={readOnlyReason}
            message={checklistMessage}
            onToggle={toggleRow}
            onDismissMessage={() => setChecklistMessage(null)}
          />
        </aside>

        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {canEdit ? (
            <form
              aria-label="Brief content"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                // A save without a session would be answered with a redirect to sign-in, losing the edits.
                if (!saving && liveStatus !== "signed-out") void save(base.versionNum);
              }}
              onKeyDown={onFormKeyDown}
              onBlur={(event) => {
                const id = (event.target as HTMLElement).id;
                if (id.startsWith("f-") && !touched.has(id)) setTouched((t) => new Set(t).add(id));
              }}
            >
              <div className="sticky top-0 z-20 -mx-4 mb-4 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:mx-0 sm:rounded-lg sm:border sm:bg-white/95">
                <p className="mr-auto text-sm" role="status" data-testid="save-status">
                  {saving ? (
                    <span className="text-slate-600">Saving…</span>
                  ) : dirty ? (
                    <span className="font-medium text-amber-700">Unsaved changes</span>
                  ) : saveMessage?.tone === "success" && saveMessage.versionNum === base.versionNum ? (
                    <span className="text-emerald-700">{saveMessage.text}</span>
                  ) : (
                    <span className="text-slate-500">All changes saved · version {base.versionNum}</span>
                  )}
                </p>
                {dirty &&
                  (confirmDiscard ? (
                    <>
                      <span className="text-sm text-slate-700">Discard all unsaved edits?</span>
                      <Button type="button" variant="danger" onClick={discard}>
                        Discard
                      </Button>
                      <Button type="button" variant="ghost" onClick={() => setConfirmDiscard(false)}>
                        Keep
                      </Button>
                    </>
                  ) : (
                    <Button type="button" variant="ghost" onClick={() => setConfirmDiscard(true)} disabled={saving}>
                      Discard changes
                    </Button>
                  ))}
                <Button type="submit" disabled={!dirty || saving || liveStatus === "signed-out"}>
                  {saving ? "Saving…" : "Save"}
                </Button>
              </div>
              {saveMessage?.tone === "error" && (
                <div className="mb-4">
                  <Alert>{saveMessage.text}</Alert>
                </div>
              )}
              {summaryIssues.length > 0 && (
                <div className="mb-4" data-testid="error-summary">
                  <Alert>
                    <p className="font-medium">
                      {summaryIssues.length === 1 ? "One field needs attention" : `${summaryIssues.length} fields need attention`} before saving:
                    </p>
                    <ul className="mt-1 list-disc space-y-0.5 pl-5">
                      {summaryIssues.slice(0, 12).map((issue, index) => (
                        <li key={`${issue.path}-${index}`}>
                          <button type="button" className="text-left underline" onClick={() => focusField(issue.path)}>
                            {describePath(issue.path)}
                          </button>
                          : {issue.message}
                        </li>
                      ))}
                    </ul>
                  </Alert>
                </div>
              )}
              <ContentForm model={draft} base={base.content} errors={visibleErrors} onChange={updateDraft} />
            </form>
          ) : (
            <ContentView content={latest.content} />
          )}
        </div>
      </div>

      <div className="mt-8">
        <HistoryPanels projectId={projectId} briefId={briefId} collections={data.collections} canComment={canEdit} />
      </div>
    </div>
  );
}
