import type { ItemChange } from "./item-changes";
import type { ProposalConflict } from "./merge-proposal";
import type { ChangeRefs } from "./proposed-sections";
import type { ProposalItem, ProposalStatus } from "./proposal-schema";

/** What a proposal row keeps in `data`: its shape, then what its decision adds. */
export type StoredProposal = {
  baseVersionNum: number;
  author: string;
  summary: string;
  /** The proposed sections, stored by reference (proposed-sections.ts). */
  changeRefs: ChangeRefs;
  changedSections: string[];
  itemChanges: ItemChange[];
  supersedes?: string;
  supersededBy?: string;
  decidedBy?: string;
  decidedAt?: string;
  reason?: string;
  versionNum?: number;
  declinedSections?: string[];
};

/** A row of the proposals collection (BriefItem). */
export type ProposalRow = { id: string; status: string | null; legacy: boolean; data: unknown; createdById: string | null; createdAt: Date | string };

/** Against the brief's current version: whether it merges, what conflicts, which open proposals touch the same items. */
export type ProposalStanding = { mergeable: boolean; conflicts: ProposalConflict[]; overlapsWith: string[] };

export function storedProposal(row: ProposalRow): StoredProposal {
  return (typeof row.data === "string" ? JSON.parse(row.data) : row.data) as StoredProposal;
}

export function isOpenShaped(row: ProposalRow): boolean {
  return row.status === "open" && !row.legacy;
}

/**
 * The item every door shows. A legacy item keeps the keys it was appended with and reads as open;
 * it has no base, so it never merges (it can only be rejected). The server's keys win over stored ones.
 */
export function toProposalItem(row: ProposalRow, standing?: ProposalStanding): ProposalItem {
  const createdAt = typeof row.createdAt === "string" ? new Date(row.createdAt).toISOString() : row.createdAt.toISOString();
  const status = (row.status ?? "open") as ProposalStatus;
  const data = { ...(storedProposal(row) as unknown as Record<string, unknown>) };
  if (row.legacy) {
    return {
      ...data,
      id: row.id,
      createdAt,
      status,
      legacy: true,
      ...(status === "open" && { mergeable: false, conflicts: [], overlapsWith: [] }),
    } as ProposalItem;
  }
  // The proposed sections stay on the server (they are what a merge needs); itemChanges say what they change.
  delete data.changeRefs;
  return { ...data, id: row.id, createdAt, status, ...(status === "open" && standing) } as ProposalItem;
}
