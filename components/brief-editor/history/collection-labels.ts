import type { CollectionKey } from "@/lib/briefs/schema";

export const collectionLabels: Record<CollectionKey, string> = {
  versions: "Versions",
  decisionHistory: "Decision history",
  approvals: "Approvals",
  comments: "Comments",
  reviewSessions: "Review sessions",
  findings: "Findings",
  proposals: "Proposals",
  artifacts: "Artifacts",
  workOrders: "Work orders",
  shares: "Shares",
  qualitySuppressions: "Suppressed findings",
};

/** The order of the tabs: what people look at most first. */
export const collectionTabOrder: readonly CollectionKey[] = ["versions", "comments", "approvals", "decisionHistory", "reviewSessions", "findings", "proposals", "artifacts", "workOrders", "shares", "qualitySuppressions"];
