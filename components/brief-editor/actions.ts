"use server";

import { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { approveBrief } from "@/lib/briefs/approve-brief";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { listCollection } from "@/lib/briefs/list-collection";
import { restoreBriefVersion } from "@/lib/briefs/restore-brief-version";
import { transitionBrief } from "@/lib/briefs/transition-brief";
import { updateBrief } from "@/lib/briefs/update-brief";
import {
  approveBriefArgsSchema,
  listBriefsArgsSchema,
  listCollectionArgsSchema,
  restoreBriefVersionArgsSchema,
  transitionBriefArgsSchema,
  updateBriefServiceSchema,
} from "@/lib/briefs/tool-arguments";
import { idempotencyKeySchema } from "@/lib/idempotency/idempotency-key";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toActionResult } from "@/lib/web/action-result";

/**
 * The brief editor's web door: each action authenticates, parses its arguments with the shared
 * schema, calls one service function and maps its outcome. Arguments arrive untrusted: the types
 * below describe what our pages send, not what a crafted request may carry.
 */

const addCommentArgsSchema = z.strictObject({ briefId: z.string().min(1), body: z.string(), idempotencyKey: idempotencyKeySchema });

type Input<F extends (actor: never, input: never) => unknown> = Parameters<F>[1];

/** Title and/or whole content, guarded by ifVersionNum; a fresh idempotency key per save. */
export async function saveBriefAction(input: Input<typeof updateBrief>) {
  const actor = await requireWebActor();
  return toActionResult(async () => (await updateBrief(actor, parseOrThrow(updateBriefServiceSchema, input))).result.brief);
}

export async function transitionBriefAction(input: Input<typeof transitionBrief>) {
  const actor = await requireWebActor();
  return toActionResult(async () => (await transitionBrief(actor, parseOrThrow(transitionBriefArgsSchema, input))).result.brief);
}

export async function approveBriefAction(input: Input<typeof approveBrief>) {
  const actor = await requireWebActor();
  return toActionResult(async () => (await approveBrief(actor, parseOrThrow(approveBriefArgsSchema, input))).result);
}

export async function addCommentAction(input: { briefId: string; body: string; idempotencyKey: string }) {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { briefId, body, idempotencyKey } = parseOrThrow(addCommentArgsSchema, input);
    return (await appendCollectionItem(actor, { briefId, collection: "comments", item: { body }, idempotencyKey })).result.item;
  });
}

/** Writes an earlier version back as a new version, guarded by the version the page showed as current. */
export async function restoreVersionAction(input: Input<typeof restoreBriefVersion>) {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { brief } = (await restoreBriefVersion(actor, parseOrThrow(restoreBriefVersionArgsSchema, input))).result;
    return { versionNum: brief.versionNum, createdNewVersion: brief.createdNewVersion };
  });
}

/** The page after `cursor` of one collection (the history panels' "Load more"). */
export async function loadCollectionPageAction(input: Input<typeof listCollection>) {
  const actor = await requireWebActor();
  return toActionResult(() => listCollection(actor, parseOrThrow(listCollectionArgsSchema, input)));
}

/** Briefs of the project a superseded brief may point to, searched by title. */
export async function findSuccessorsAction(input: Input<typeof listBriefs>) {
  const actor = await requireWebActor();
  return toActionResult(() => listBriefs(actor, parseOrThrow(listBriefsArgsSchema, input)));
}
