import crypto from "node:crypto";
import canonicalize from "canonicalize";
import { readyContent, type Content } from "./ready-content";
import { expect } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { approveBrief } from "@/lib/briefs/approve-brief";
import { createBrief } from "@/lib/briefs/create-brief";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { listCollection } from "@/lib/briefs/list-collection";
import type { AppendableCollection, BriefState, CollectionKey } from "@/lib/briefs/schema";
import { transitionBrief } from "@/lib/briefs/transition-brief";
import { updateBrief } from "@/lib/briefs/update-brief";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { decideProposal } from "@/lib/proposals/decide-proposal";
import { proposeChange } from "@/lib/proposals/propose-change";
import { newProject, uniqueKey } from "./fixtures";

/**
 * Brief helpers for the service tests. The wrappers take content as `unknown` (the services parse it
 * themselves, and tests send invalid documents on purpose) and make up an idempotency key unless the
 * test gives one.
 */
export { readyContent, type Content };

export const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;


/** "sha256:" + hex SHA-256 of the RFC 8785 canonical JSON, computed here without the service's code. */
function sha256OfCanonical(value: unknown): string {
  const canonical = canonicalize(value);
  if (canonical === undefined) throw new Error("no canonical JSON");
  return `sha256:${crypto.createHash("sha256").update(canonical, "utf8").digest("hex")}`;
}

/** The hash a client can compute from returned content (docs/contract.md#hashes): the `checklist` mirror excluded. */
export function expectedVersionHash(content: Content): string {
  return sha256OfCanonical(omit(content, ["checklist"]));
}

/** What approvals bind to (docs/contract.md#hashes): the content without the QA list, `_draft` and the mirror. */
export function expectedApprovalHash(content: Content): string {
  return sha256OfCanonical(omit(content, ["checklist", "testingQaChecklist", "_draft"]));
}

export function omit(content: Content, keys: readonly string[]): Content {
  return Object.fromEntries(Object.entries(content).filter(([key]) => !keys.includes(key)));
}

export async function create(
  actor: Actor,
  args: { projectId: string; title?: string; content?: unknown; template?: string; idempotencyKey?: string },
) {
  return createBrief(actor, { title: "Brief", ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() } as never);
}

/**
 * The document the Markdown export and the chat view are checked against: a ready "Invoice export"
 * brief in a new "Billing" project, with Markdown in its scope, manual evidence, an empty list, a key
 * the contract does not know, and its second QA row ticked (version 2). `extra` adds or replaces sections.
 */
export async function invoiceExportBrief(actor: Actor, extra: Content = {}) {
  const projectId = await newProject(actor, "Billing");
  const brief = await newBrief(
    actor,
    projectId,
    readyContent({
      scope: "Invoices of **paid** plans.",
      edgeCases: [],
      requiredEvidence: [{ id: "EV-1", text: "Screenshot", implementation: false, manualEvidence: { rationale: "Visual", evidencePath: "docs/ev.png" } }],
      customerNotes: { priority: "high" },
      ...extra,
    }),
    "Invoice export",
  );
  await toggle(actor, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });
  return brief;
}

export async function newBrief(actor: Actor, projectId: string, content?: unknown, title = "Brief") {
  return (await create(actor, { projectId, title, content })).result.brief;
}

export async function update(
  actor: Actor,
  args: { briefId: string; title?: string; content?: unknown; ifVersionNum?: number; idempotencyKey?: string },
) {
  return updateBrief(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() } as never);
}

export async function toggle(
  actor: Actor,
  args: { briefId: string; index: number; expectedText: string; checked: boolean; ifVersionNum?: number; idempotencyKey?: string },
) {
  return updateChecklistItem(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

export async function transition(
  actor: Actor,
  args: { briefId: string; to: BriefState; reason?: string; successorBriefId?: string; ifVersionNum?: number; idempotencyKey?: string },
) {
  return transitionBrief(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

export async function approve(actor: Actor, args: { briefId: string; ifVersionNum?: number; idempotencyKey?: string }) {
  return approveBrief(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

export async function append(
  actor: Actor,
  args: { briefId: string; collection: AppendableCollection; item: Record<string, unknown>; idempotencyKey?: string },
) {
  return appendCollectionItem(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

export async function propose(
  actor: Actor,
  args: { briefId: string; baseVersionNum: number; changes: Record<string, unknown>; summary?: string; supersedes?: string; idempotencyKey?: string },
) {
  return proposeChange(actor, { summary: "A suggestion", ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

export async function decide(
  actor: Actor,
  args: { briefId: string; proposalId: string; decision: "accept" | "reject" | "withdraw"; reason?: string; sections?: string[]; idempotencyKey?: string },
) {
  return decideProposal(actor, { ...args, idempotencyKey: args.idempotencyKey ?? uniqueKey() });
}

export async function readBrief(actor: Actor, briefId: string) {
  return getBriefFull(actor, { briefId });
}

export async function readVersion(actor: Actor, briefId: string, versionNum: number) {
  return (await getBriefVersion(actor, { briefId, versionNum })).version;
}

/** Every item of a collection, following nextCursor to the end, and how many pages that took. */
export async function traverse(actor: Actor, briefId: string, collection: CollectionKey, limit?: number) {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listCollection(actor, { briefId, collection, cursor, limit });
    expect(page.collection).toBe(collection);
    if (limit !== undefined) expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    pages++;
    if (pages > 5000) throw new Error("paging does not end");
  } while (cursor);
  return { items, pages };
}

/** Ticks every QA row of the brief, one toggle each. */
export async function checkAllRows(actor: Actor, briefId: string) {
  const { brief } = await readBrief(actor, briefId);
  const rows = (brief.content.testingQaChecklist ?? []) as Array<{ text: string; checked: boolean }>;
  for (const [index, row] of rows.entries()) {
    if (!row.checked) await toggle(actor, { briefId, index, expectedText: row.text, checked: true });
  }
}

/**
 * A new brief in `state`, reached the way a team would get there: review needs requirements and an
 * acceptance criterion, baselining an approval, `checked` every QA row ticked.
 */
export async function briefInState(actor: Actor, projectId: string, state: BriefState, content: Content = readyContent()) {
  const brief = await newBrief(actor, projectId, content);
  const path: Partial<Record<BriefState, BriefState[]>> = {
    drafting: [],
    in_review: ["in_review"],
    baselined: ["in_review", "baselined"],
    in_development: ["in_review", "baselined", "in_development"],
    checked: ["in_review", "baselined", "in_development", "checked"],
    superseded: ["superseded"],
    closed: ["closed"],
  };
  for (const to of path[state]!) {
    if (to === "baselined") await approve(actor, { briefId: brief.id });
    if (to === "checked") await checkAllRows(actor, brief.id);
    await transition(actor, { briefId: brief.id, to, ...(to === "closed" && { reason: "No longer needed" }) });
  }
  const { brief: current } = await readBrief(actor, brief.id);
  expect(current.state).toBe(state);
  return current;
}

/**
 * Runs a call that must fail with `expected`, and proves that it changed nothing the caller can read
 * (the brief, its lifecycle facts and the first page of every collection).
 */
export async function expectRefusedWithoutChange(
  reader: Actor,
  briefId: string,
  call: () => Promise<unknown>,
  expected: { code: string; details?: Record<string, unknown> },
) {
  const before = await readBrief(reader, briefId);
  await expect(call()).rejects.toMatchObject(expected);
  expect(await readBrief(reader, briefId)).toEqual(before);
}
