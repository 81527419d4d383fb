"use server";

import { requireWebActor } from "@/lib/auth/session-gate";
import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { approveBrief } from "@/lib/briefs/approve-brief";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { listCollection } from "@/lib/briefs/list-collection";
import { transitionBrief } from "@/lib/briefs/transition-brief";
import { updateBrief } from "@/lib/briefs/update-brief";
import { toActionResult } from "@/lib/web/action-result";

/**
 * The brief editor's web door: each action authenticates, calls one service function and maps its
 * outcome. Arguments arrive untrusted from the browser; the services parse them with the shared schemas.
 */

type Input<F extends (actor: never, input: never) => unknown> = Parameters<F>[1];

/** Title and/or whole content, guarded by ifVersionNum; a fresh idempotency key per save. */
export async function saveBriefAction(input: Input<typeof updateBrief>) {
  const actor = await requireWebActor();
  return toActionResult(async () => (await updateBrief(actor, input)).result.brief);
}

export async function transitionBriefAction(input: Input<typeof transitionBrief>) {
  const actor = await requireWebActor();
  return toActionResult(async () => (await transitionBrief(actor, input)).result.brief);
}

export async function approveBriefAction(input: Input<typeof approveBrief>) {
  const actor = await requireWebActor();
  return toActionResult(async () => (await approveBrief(actor, input)).result);
}

export async function addCommentAction(input: { briefId: string; body: string; idempotencyKey: string }) {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const { briefId, body, idempotencyKey } = input;
    return (await appendCollectionItem(actor, { briefId, collection: "comments", item: { body }, idempotencyKey })).result.item;
  });
}

/** The page after `cursor` of one collection (the history panels' "Load more"). */
export async function loadCollectionPageAction(input: Input<typeof listCollection>) {
  const actor = await requireWebActor();
  return toActionResult(() => listCollection(actor, input));
}

/** Briefs of the project a superseded brief may point to, searched by title. */
export async function findSuccessorsAction(input: Input<typeof listBriefs>) {
  const actor = await requireWebActor();
  return toActionResult(() => listBriefs(actor, input));
}
