"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { markRead } from "@/lib/notifications/list-notifications";
import { mentionCandidates, type MentionCandidate } from "@/lib/notifications/mention-candidates";
import { setNotificationSetting } from "@/lib/notifications/notification-settings";
import { isWatching, setWatching } from "@/lib/notifications/watch-brief";
import type { MailMode, NotificationKind } from "@/lib/notifications/notification-kinds";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";

/** Marks one notification read (`id`), or all of them. */
export async function markReadAction(id?: string): Promise<ActionResult<{ unread: number }>> {
  const actor = await requireWebActor();
  const result = await toActionResult(() => markRead(actor, id === undefined ? undefined : parseOrThrow(z.string().min(1).max(200), id)));
  if (result.ok) revalidatePath("/notifications");
  return result;
}

export async function setMailModeAction(kind: NotificationKind, mail: MailMode): Promise<ActionResult<null>> {
  const actor = await requireWebActor();
  const result = await toActionResult(async () => {
    await setNotificationSetting(actor, { kind, mail });
    return null;
  });
  if (result.ok) revalidatePath("/settings/notifications");
  return result;
}

export type { MentionCandidate };

/** The people a comment on this brief can mention: the members of its project. */
export async function mentionCandidatesAction(briefId: string): Promise<ActionResult<MentionCandidate[]>> {
  const actor = await requireWebActor();
  return toActionResult(() => mentionCandidates(actor, parseOrThrow(z.string().min(1).max(200), briefId)));
}

/** Whether the person watches the brief (its state changes notify them). */
export async function watchingAction(briefId: string): Promise<ActionResult<{ watching: boolean }>> {
  const actor = await requireWebActor();
  return toActionResult(async () => ({ watching: await isWatching(actor, parseOrThrow(z.string().min(1).max(200), briefId)) }));
}

export async function setWatchingAction(briefId: string, watching: boolean): Promise<ActionResult<{ watching: boolean }>> {
  const actor = await requireWebActor();
  return toActionResult(() => setWatching(actor, parseOrThrow(z.string().min(1).max(200), briefId), parseOrThrow(z.boolean(), watching)));
}
