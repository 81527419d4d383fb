import type { Actor } from "@/lib/auth/actor";
import { actorLabel } from "@/lib/auth/actor";
import { writeScopes } from "@/lib/auth/scopes";
import type { Tx } from "@/lib/db/transaction";

/**
 * Who a change GitHub causes is attributed to: "GitHub (<login>)", the pull request's author, in
 * history and events. It is written under the grant of a person who may write the project — the one
 * who connected the repository while they still may, else its longest-standing owner — since a
 * project's writes are its members' writes. Null when the project has no one who may write.
 */
export async function githubActor(tx: Tx, projectId: string, connectedById: string | null, login: string): Promise<Actor | null> {
  const [writer] = await tx.$queryRawUnsafe<Array<{ userId: string; email: string }>>(
    `SELECT m."userId", u.email FROM "Membership" m JOIN "User" u ON u.id = m."userId"
      WHERE m."projectId" = $1 AND m.role IN ('owner', 'editor')
      ORDER BY (m."userId" = $2) DESC, (m.role = 'owner') DESC, m."createdAt" LIMIT 1`,
    projectId,
    connectedById ?? "",
  );
  if (!writer) return null;
  return { userId: writer.userId, email: writer.email, label: actorLabel({ name: `GitHub (${login})`, email: writer.email }), door: "github", scopes: writeScopes };
}
