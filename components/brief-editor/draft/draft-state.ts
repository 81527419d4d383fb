import type { BriefContent, QaChecklistItem } from "@/lib/briefs/schema";
import type { ValidationIssue } from "@/lib/errors";
import type { BriefFull } from "../brief-data";
import { modelFromContent, type FormModel } from "../form-model";
import type { SaveOutcome } from "./save-outcome";

/**
 * The editor's form state and every rule for how it changes, as one pure reducer: the hooks only
 * feed it events (page data arrived, a field changed, a save or a tick was answered).
 */

/**
 * What the draft was started from. `origin: "write"` marks a version this page just wrote itself
 * and the server's page data may not show yet; the page data never overwrites it with older data.
 */
type Base = { versionNum: number; title: string; content: BriefContent; updatedAt: string | null; origin: "props" | "write" };

/** A brief as a write's answer carries it. */
export type WrittenBrief = { versionNum: number; title: string; content: BriefContent };

type SaveMessage = { tone: "error" | "success"; text: string; versionNum?: number } | null;

export type DraftState = {
  base: Base;
  draft: FormModel;
  /** Ids of fields left at least once: their errors show before a save is tried. */
  touched: ReadonlySet<string>;
  showAllErrors: boolean;
  serverIssues: ValidationIssue[];
  saving: boolean;
  saveMessage: SaveMessage;
  /** A save was refused because someone saved first; holds the version the server reported. */
  conflict: { currentVersionNum: number } | null;
  reviewOpen: boolean;
  confirmDiscard: boolean;
};

export type DraftEvent =
  | { type: "dataFollowed"; data: BriefFull; how: "rebase" | "replace" }
  | { type: "edited"; model: FormModel }
  | { type: "touched"; id: string }
  | { type: "discardAsked" }
  | { type: "discardCancelled" }
  | { type: "discarded" }
  | { type: "reloadedTheirs"; data: BriefFull }
  | { type: "reviewOpened" }
  | { type: "reviewClosed" }
  | { type: "saveBlocked" }
  | { type: "saveStarted" }
  | { type: "saveAnswered"; outcome: SaveOutcome; startedFrom: FormModel }
  | { type: "tickStored"; brief: WrittenBrief & { createdNewVersion: boolean }; index: number; row: QaChecklistItem }
  /** A reviewer's draft went out as a proposal: it is kept there, so the form starts again from the base. */
  | { type: "proposalSent"; text: string; startedFrom: FormModel };

function baseFromData(data: BriefFull): Base {
  return { versionNum: data.brief.versionNum, title: data.brief.title, content: data.brief.content, updatedAt: data.lifecycle.updatedAt, origin: "props" };
}

function baseFromWrite(brief: WrittenBrief): Base {
  return { versionNum: brief.versionNum, title: brief.title, content: brief.content, updatedAt: null, origin: "write" };
}

function modelOf(base: Pick<Base, "versionNum" | "title" | "content">): FormModel {
  return modelFromContent(base.title, base.content, `v${base.versionNum}`);
}

export function initialDraftState(data: BriefFull): DraftState {
  const base = baseFromData(data);
  return { base, draft: modelOf(base), touched: new Set(), showAllErrors: false, serverIssues: [], saving: false, saveMessage: null, conflict: null, reviewOpen: false, confirmDiscard: false };
}

/** Whether the page data is newer than the base (so an untouched form should follow it). */
function dataIsAhead(data: BriefFull, base: Base): boolean {
  const { versionNum, title } = data.brief;
  if (versionNum !== base.versionNum) return versionNum > base.versionNum;
  if (base.origin === "write") return title === base.title;
  return title !== base.title || data.lifecycle.updatedAt !== base.updatedAt;
}

/**
 * How the form follows newer page data: the same version and title only move the base along
 * ("rebase"); anything else replaces an untouched draft ("replace"). Unsaved edits are kept
 * ("stay"), and the page says the brief changed elsewhere.
 */
export function followData(data: BriefFull, base: Base, dirty: boolean): "stay" | "rebase" | "replace" {
  if (!dataIsAhead(data, base)) return "stay";
  if (data.brief.versionNum === base.versionNum && data.brief.title === base.title) return "rebase";
  return dirty ? "stay" : "replace";
}

/** Unsaved edits while the page data shows a newer version (or someone else's title) than the draft started from. */
export function changedElsewhere(data: BriefFull, base: Base, dirty: boolean): boolean {
  return dirty && (data.brief.versionNum > base.versionNum || (base.origin === "props" && data.brief.title !== base.title));
}

/** What the page shows as current: the base when this page wrote something newer than the page data. */
export function latestOf(data: BriefFull, base: Base): { versionNum: number; content: BriefContent } {
  return base.versionNum > data.brief.versionNum ? { versionNum: base.versionNum, content: base.content } : { versionNum: data.brief.versionNum, content: data.brief.content };
}

export function shownTitleOf(data: BriefFull, base: Base): string {
  return base.origin === "write" ? base.title : data.brief.title;
}

/** Their version for the conflict panel; null while the page data has not caught up with the version the refusal named. */
export function theirsOf(data: BriefFull, conflict: DraftState["conflict"]): WrittenBrief | null {
  if (conflict && data.brief.versionNum < conflict.currentVersionNum) return null;
  return { versionNum: data.brief.versionNum, title: data.brief.title, content: data.brief.content };
}

/** Nothing typed since the base: no errors shown, no field touched, no message. */
function cleanSlate(): Pick<DraftState, "serverIssues" | "showAllErrors" | "touched" | "saveMessage"> {
  return { serverIssues: [], showAllErrors: false, touched: new Set(), saveMessage: null };
}

export function draftReducer(state: DraftState, event: DraftEvent): DraftState {
  switch (event.type) {
    case "dataFollowed": {
      const base = baseFromData(event.data);
      if (event.how === "rebase") return { ...state, base };
      return { ...state, base, draft: modelOf(base), serverIssues: [], conflict: null, reviewOpen: false };
    }
    case "edited":
      return { ...state, draft: event.model, serverIssues: state.serverIssues.length ? [] : state.serverIssues, saveMessage: null, confirmDiscard: false };
    case "touched":
      return state.touched.has(event.id) ? state : { ...state, touched: new Set(state.touched).add(event.id) };
    case "discardAsked":
      return { ...state, confirmDiscard: true };
    case "discardCancelled":
      return { ...state, confirmDiscard: false };
    case "discarded":
      return { ...state, ...cleanSlate(), draft: modelOf(state.base), confirmDiscard: false };
    case "reloadedTheirs": {
      const base = baseFromData(event.data);
      return { ...state, ...cleanSlate(), base, draft: modelOf(base), conflict: null, reviewOpen: false };
    }
    case "reviewOpened":
      return { ...state, reviewOpen: true };
    case "reviewClosed":
      return { ...state, reviewOpen: false };
    case "saveBlocked":
      return { ...state, showAllErrors: true, saveMessage: null };
    case "saveStarted":
      return { ...state, saving: true, saveMessage: null };
    case "saveAnswered":
      return withSaveOutcome({ ...state, saving: false }, event.outcome, event.startedFrom);
    case "tickStored":
      return withStoredTick(state, event.brief, event.index, event.row);
    case "proposalSent":
      // Anything typed while the proposal was on its way stays; what it carried starts again from the base.
      return {
        ...state,
        ...cleanSlate(),
        saving: false,
        draft: state.draft === event.startedFrom ? modelOf(state.base) : state.draft,
        saveMessage: { tone: "success", text: event.text, versionNum: state.base.versionNum },
      };
  }
}

function withSaveOutcome(state: DraftState, outcome: SaveOutcome, startedFrom: FormModel): DraftState {
  switch (outcome.kind) {
    case "offline":
    case "refused":
      return { ...state, saveMessage: { tone: "error", text: outcome.text } };
    case "invalid":
      return { ...state, serverIssues: outcome.issues, showAllErrors: true, saveMessage: { tone: "error", text: outcome.text } };
    case "conflict":
      return { ...state, conflict: { currentVersionNum: outcome.currentVersionNum }, reviewOpen: true };
    case "saved":
      return {
        ...state,
        ...cleanSlate(),
        base: baseFromWrite(outcome.brief),
        // Keep anything typed while the save was under way; otherwise show the stored document.
        draft: state.draft === startedFrom ? modelOf(outcome.brief) : state.draft,
        conflict: null,
        reviewOpen: false,
        saveMessage: { tone: "success", text: outcome.text, versionNum: outcome.brief.versionNum },
      };
  }
}

/**
 * A tick is not an edit of the draft: when it is the only change since the base, it becomes the
 * new base and is carried into the draft's row, so the next save does not conflict with it.
 */
function withStoredTick(state: DraftState, brief: WrittenBrief & { createdNewVersion: boolean }, index: number, row: QaChecklistItem): DraftState {
  const { base, draft } = state;
  const onlyThisChange = brief.versionNum === base.versionNum + 1 || (!brief.createdNewVersion && brief.versionNum === base.versionNum);
  if (!onlyThisChange) return state;
  const rows = draft.sections.testingQaChecklist?.map((r) =>
    r.origIndex === index ? { ...r, value: { ...r.value, checked: row.checked, checkedBy: row.checkedBy, checkedAt: row.checkedAt } } : r,
  );
  return { ...state, base: baseFromWrite(brief), draft: { ...draft, sections: { ...draft.sections, testingQaChecklist: rows } } };
}
