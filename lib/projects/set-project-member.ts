import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { setProjectMemberArgsSchema } from "@/lib/briefs/tool-arguments";
import { validationError } from "@/lib/errors";
import type { ProjectRole } from "@/lib/generated/prisma/client";
import { runIdempotent } from "@/lib/idempotency/run-idempotent";
import { emailSchema } from "@/lib/users/user-schema";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { authorizeProject } from "./project-access";

const TOOL = "project_member_set";

/** Owners add, re-role and remove members; a project always keeps at least one owner. */
export async function setProjectMember(actor: Actor, input: z.input<typeof setProjectMemberArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(setProjectMemberArgsSchema, input);
  const email = parseOrThrow(emailSchema, args.email, "email");
  return runIdempotent<{ member: { email: string; role: ProjectRole | null } }>(actor, TOOL, args, async (tx, now) => {
    // Lock the project's memberships so two owners demoting each other cannot leave none.
    await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${args.projectId} FOR UPDATE`;
    await authorizeProject(tx, actor, args.projectId, "manage");
    const user = await tx.user.findUnique({ where: { email } });
    if (!user) throw validationError([{ path: "email", message: "No user has this email; they need to sign up first." }]);
    const current = await tx.membership.findUnique({ where: { projectId_userId: { projectId: args.projectId, userId: user.id } } });
    if (current?.role === "owner" && args.role !== "owner") {
      const owners = await tx.membership.count({ where: { projectId: args.projectId, role: "owner" } });
      if (owners <= 1) throw validationError([{ path: "role", message: "A project needs at least one owner; make someone else an owner first." }]);
    }
    if (args.role === null) {
      if (current) await tx.membership.delete({ where: { projectId_userId: { projectId: args.projectId, userId: user.id } } });
    } else {
      await tx.membership.upsert({
        where: { projectId_userId: { projectId: args.projectId, userId: user.id } },
        create: { projectId: args.projectId, userId: user.id, role: args.role, createdAt: now },
        update: { role: args.role },
      });
    }
    return { member: { email: user.email, role: args.role } };
  });
}
