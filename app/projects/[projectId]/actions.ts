"use server";

import { revalidatePath } from "next/cache";
import { requireWebActor } from "@/lib/auth/session-gate";
import { createBrief } from "@/lib/briefs/create-brief";
import { listBriefs, type BriefSummary } from "@/lib/briefs/list-briefs";
import type { BriefState } from "@/lib/briefs/schema";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";

export type BriefPage = { items: BriefSummary[]; nextCursor: string | null };
export type MemberChange = { email: string; role: "owner" | "editor" | "viewer" | null };

export async function createBriefAction(
  _prev: ActionResult<{ id: string; projectId: string }> | undefined,
  form: FormData,
): Promise<ActionResult<{ id: string; projectId: string }>> {
  const actor = await requireWebActor();
  const projectId = String(form.get("projectId") ?? "");
  const result = await toActionResult(async () => {
    const { result } = await createBrief(actor, {
      projectId,
      title: String(form.get("title") ?? "").trim(),
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
    return { id: result.brief.id, projectId: result.brief.projectId };
  });
  if (result.ok) revalidatePath(`/projects/${projectId}`);
  return result;
}

/** The next page of the project list with the same filters; the cursor is bound to them. */
export async function listMoreBriefsAction(query: {
  projectId: string;
  state?: BriefState;
  titleContains?: string;
  cursor: string;
}): Promise<ActionResult<BriefPage>> {
  const actor = await requireWebActor();
  return toActionResult(() => listBriefs(actor, { ...query, limit: SHORT_PAGE_SIZE }));
}

export async function setProjectMemberAction(
  _prev: ActionResult<MemberChange> | undefined,
  form: FormData,
): Promise<ActionResult<MemberChange>> {
  const actor = await requireWebActor();
  const projectId = String(form.get("projectId") ?? "");
  const role = String(form.get("role") ?? "");
  const result = await toActionResult(async () => {
    const { result } = await setProjectMember(actor, {
      projectId,
      email: String(form.get("email") ?? ""),
      role: role === "remove" ? null : (role as "owner" | "editor" | "viewer"),
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
    return result.member;
  });
  if (result.ok) revalidatePath(`/projects/${projectId}`);
  return result;
}
