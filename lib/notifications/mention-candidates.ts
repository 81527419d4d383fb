import type { Actor } from "@/lib/auth/actor";
import { getBriefStamp } from "@/lib/briefs/get-brief-stamp";
import { listProjectMembers } from "@/lib/projects/list-project-members";

export type MentionCandidate = { name: string | null; email: string };

/**
 * Who a comment on this brief can mention (and an owner can ask to review): the members of its
 * project, not the addresses still invited. The reader must be able to read the brief.
 */
export async function mentionCandidates(actor: Actor, briefId: string): Promise<MentionCandidate[]> {
  const { projectId } = await getBriefStamp(actor, briefId);
  return (await listProjectMembers(actor, projectId)).filter((m) => m.status === "active").map((m) => ({ name: m.name, email: m.email }));
}
