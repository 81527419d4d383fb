"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireWebActor } from "@/lib/auth/session-gate";
import { createBrief } from "@/lib/briefs/create-brief";
import { listBriefsWithProgress, type BriefListItem } from "@/lib/briefs/list-briefs-with-progress";
import type { BriefState } from "@/lib/briefs/schema";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { proofModes, setProofMode, type ProofMode } from "@/lib/projects/require-proof";
import { listBriefsArgsSchema } from "@/lib/briefs/tool-arguments";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { formDataSchema } from "@/lib/web/action-input";
import { toActionResult, type ActionResult } from "@/lib/web/action-result";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";
import { briefFromForm, type MadeBrief } from "./brief-from-form";
import { createProject } from "@/lib/projects/create-project";
import type { MemberChange, ProjectView } from "@/lib/projects/project-schema";

export type BriefPage = { items: BriefListItem[]; nextCursor: string | null };
const moreBriefsArgsSchema = listBriefsArgsSchema.omit({ limit: true }).required({ cursor: true });


export async function createBriefAction(_prev: ActionResult<MadeBrief> | undefined, input: FormData): Promise<ActionResult<MadeBrief>> {
  return briefFromForm(input, (actor, form) => {
    // "Blank" sends an empty template: the brief starts with no content.
    const template = String(form.get("template") ?? "");
    return createBrief(actor, {
      projectId: String(form.get("projectId") ?? ""),
      title: String(form.get("title") ?? ""),
      ...(template && { template }),
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
  });
}

/** The next page of the project list with the same filters; the cursor is bound to them. */
export async function listMoreBriefsAction(query: {
  projectId: string;
  state?: BriefState;
  titleContains?: string;
  cursor: string;
}): Promise<ActionResult<BriefPage>> {
  const actor = await requireWebActor();
  return toActionResult(() => listBriefsWithProgress(actor, { ...parseOrThrow(moreBriefsArgsSchema, query), limit: SHORT_PAGE_SIZE }));
}

export async function setProjectMemberAction(
  _prev: ActionResult<MemberChange> | undefined,
  input: FormData,
): Promise<ActionResult<MemberChange>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    const projectId = String(form.get("projectId") ?? "");
    const role = String(form.get("role") ?? "");
    const { result } = await setProjectMember(actor, {
      projectId,
      email: String(form.get("email") ?? ""),
      role: role === "remove" ? null : (role as "owner" | "editor" | "reviewer" | "viewer"),
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
    revalidatePath(`/projects/${projectId}`);
    return result.member;
  });
}

export async function createProjectAction(
  _prev: ActionResult<ProjectView> | undefined,
  input: FormData,
): Promise<ActionResult<ProjectView>> {
  const actor = await requireWebActor();
  const result = await toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    const { result } = await createProject(actor, {
      name: String(form.get("name") ?? ""),
      description: String(form.get("description") ?? "") || undefined,
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
    return result.project;
  });
  if (result.ok) revalidatePath("/projects");
  return result;
}

/** The owner's switch "Require proof before checked"; the checkbox sends `requireProof=on` when ticked. */
export async function setRequireProofAction(_prev: ActionResult<{ proofMode: ProofMode }> | undefined, input: FormData): Promise<ActionResult<{ proofMode: ProofMode }>> {
  const actor = await requireWebActor();
  return toActionResult(async () => {
    const form = parseOrThrow(formDataSchema, input);
    const projectId = String(form.get("projectId") ?? "");
    const mode = parseOrThrow(z.enum(proofModes), form.get("proofMode"));
    const proofMode = await setProofMode(actor, projectId, mode);
    revalidatePath(`/projects/${projectId}`, "layout");
    return { proofMode };
  });
}
