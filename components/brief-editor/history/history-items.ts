import type { CollectionKey } from "@/lib/briefs/schema";

/**
 * What the history panels show of each kind of item, read from the items as the server lists
 * them. Collections that clients append to are free-form, so every field is read defensively:
 * a missing or odd value shows as empty text, never as "undefined".
 */
export type Item = Record<string, unknown>;

type Common = { id: string; createdAt: string };
export type VersionView = Common & {
  versionNum: string;
  baseline: boolean;
  createdBy: string;
  via: string;
  hash: string;
  /** The version this one restored, or "" for an ordinary write. */
  restoredFrom: string;
  /** Keys of the sections this version changed (all of them for version 1). */
  changedSections: string[];
  /** The accepted proposal this version merged, and its author; "" for an ordinary write. */
  proposalId: string;
  proposedBy: string;
  /** The file (or "Markdown") an imported version was read from; "" for every other version. */
  importedFrom: string;
};
export type ApprovalView = Common & { versionNum: string; approvedBy: string; stale: boolean; staledAtVersionNum: string };
export type CommentView = Common & { body: string; author: string };
export type ReviewSessionView = Common & {
  open: boolean;
  outcome: string;
  openedAtVersionNum: string;
  openedBy: string;
  closed: { at: string; by: string; versionNum: string } | null;
  /** Whom an owner asked to review, and who asked. */
  requested: Array<{ label: string; by: string }>;
};
export type DecisionHistoryView = Common & { versionNum: string; changedBy: string; via: string; added: string[]; removed: string[] };
export type ProposalView = Common & { status: string; author: string; summary: string; legacy: boolean; mergeable: boolean | null; decidedBy: string };
export type GenericView = Common & { createdBy: string; fields: Array<[key: string, value: string]> };

export type HistoryEntry =
  | { kind: "version"; view: VersionView }
  | { kind: "approval"; view: ApprovalView }
  | { kind: "comment"; view: CommentView }
  | { kind: "reviewSession"; view: ReviewSessionView }
  | { kind: "decisionChange"; view: DecisionHistoryView }
  | { kind: "proposal"; view: ProposalView }
  | { kind: "generic"; view: GenericView };

export function historyEntry(collection: CollectionKey, item: Item): HistoryEntry {
  switch (collection) {
    case "versions":
      return { kind: "version", view: versionView(item) };
    case "approvals":
      return { kind: "approval", view: approvalView(item) };
    case "comments":
      return { kind: "comment", view: { ...common(item), body: text(item.body), author: text(item.author ?? item.createdBy) } };
    case "reviewSessions":
      return { kind: "reviewSession", view: reviewSessionView(item) };
    case "decisionHistory":
      return {
        kind: "decisionChange",
        view: { ...common(item), versionNum: text(item.versionNum), changedBy: text(item.changedBy), via: text(item.via), added: decisionTexts(item.added), removed: decisionTexts(item.removed) },
      };
    case "proposals":
      if (item.legacy === true) return { kind: "generic", view: genericView(item) };
      return {
        kind: "proposal",
        view: {
          ...common(item),
          status: text(item.status),
          author: text(item.author),
          summary: text(item.summary),
          legacy: false,
          mergeable: typeof item.mergeable === "boolean" ? item.mergeable : null,
          decidedBy: text(item.decidedBy),
        },
      };
    default:
      return { kind: "generic", view: genericView(item) };
  }
}

export function versionView(item: Item): VersionView {
  return {
    ...common(item),
    versionNum: text(item.versionNum),
    baseline: item.baseline === true,
    createdBy: text(item.createdBy),
    via: text(item.via),
    hash: text(item.hash),
    restoredFrom: text(item.restoredFrom),
    proposalId: text(item.proposalId),
    proposedBy: text(item.proposedBy),
    importedFrom: text(item.importedFrom),
    changedSections: Array.isArray(item.changedSections) ? item.changedSections.filter((key): key is string => typeof key === "string") : [],
  };
}

export function approvalView(item: Item): ApprovalView {
  return { ...common(item), versionNum: text(item.versionNum), approvedBy: text(item.approvedBy), stale: item.stale === true, staledAtVersionNum: text(item.staledAtVersionNum) };
}

function reviewSessionView(item: Item): ReviewSessionView {
  return {
    ...common(item),
    open: item.status === "open",
    outcome: text(item.outcome),
    openedAtVersionNum: text(item.openedAtVersionNum),
    openedBy: text(item.openedBy),
    closed: item.closedAt ? { at: text(item.closedAt), by: text(item.closedBy), versionNum: text(item.closedAtVersionNum) } : null,
    requested: Array.isArray(item.requested) ? item.requested.map((r: Record<string, unknown>) => ({ label: text(r.label), by: text(r.requestedBy) })) : [],
  };
}

const genericHidden = new Set(["id", "createdAt", "createdBy"]);

function genericView(item: Item): GenericView {
  return {
    ...common(item),
    createdBy: text(item.createdBy),
    fields: Object.entries(item)
      .filter(([key]) => !genericHidden.has(key))
      .map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
  };
}

/** A decision as one line: its text, or its JSON when it has none. */
function decisionTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((decision) => text((decision as Item | null)?.text) || JSON.stringify(decision));
}

function common(item: Item): Common {
  return { id: String(item.id), createdAt: text(item.createdAt) };
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}
