import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { writeScopes } from "@/lib/auth/scopes";
import { setProjectMemberArgsSchema } from "@/lib/briefs/tool-arguments";
import { validationError } from "@/lib/errors";
import { runIdempotent } from "@/lib/idempotency/run-idempotent";
import { lockEmailAddress } from "@/lib/users/lock-email-address";
import { emailSchema } from "@/lib/users/user-schema";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { recordEventsIn } from "@/lib/events/record-events";
import { authorizeProject } from "./project-access";
import { membershipChanged } from "./membership-changed";
import type { MemberChange } from "./project-schema";

const TOOL = "project_member_set";

/**
 * Receipts written before members had a status replay as what they were: a membership change
 * (`active`), or a removal (null). A retry then answers in today's shape.
 */
const receiptCodec = {
  store: (result: { member: MemberChange }) => result,
  load: async (_tx: unknown, stored: unknown) => {
    const { member } = stored as { member: Omit<MemberChange, "status"> & { status?: MemberChange["status"] } };
    return { member: { ...member, status: member.status !== undefined ? member.status : member.role === null ? null : ("active" as const) } };
  },
};

/**
 * Owners add, re-role and remove members; a project always keeps at least one owner.
 *
 * An address with a confirmed account (or already in the project) is a member at once (`active`).
 * Any other address gets an invitation (`invited`) that becomes a membership when someone confirms
 * that address (docs/contract.md#access): adding an address never hands the project to whoever
 * registered it first. Both answer in the same shape, and no message depends on whether an account
 * exists. Removing (`role: null`) ends a membership or cancels an invitation alike.
 */
export async function setProjectMember(actor: Actor, input: z.input<typeof setProjectMemberArgsSchema>) {
  requireScopes(actor, writeScopes);
  const args = parseOrThrow(setProjectMemberArgsSchema, input);
  const email = parseOrThrow(emailSchema, args.email, "email");
  const { projectId, role } = args;
  return runIdempotent<{ member: MemberChange }>(actor, TOOL, args, async (tx, now) => {
    // The address first, then the project: confirming an address takes the same lock before it
    // writes memberships, so the two never wait on each other in opposite order.
    await lockEmailAddress(tx, email);
    // Lock the project's memberships so two owners demoting each other cannot leave none.
    await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${projectId} FOR UPDATE`;
    await authorizeProject(tx, actor, projectId, "manage");
    const user = await tx.user.findUnique({ where: { email }, select: { id: true, emailVerifiedAt: true } });
    const current = user && (await tx.membership.findUnique({ where: { projectId_userId: { projectId, userId: user.id } } }));

    if (current) {
      if (current.role === "owner" && role !== "owner") {
        const owners = await tx.membership.count({ where: { projectId, role: "owner" } });
        if (owners <= 1) throw validationError([{ path: "role", message: "A project needs at least one owner; make someone else an owner first." }]);
      }
      if (role === null) await tx.membership.delete({ where: { projectId_userId: { projectId, userId: current.userId } } });
      else await tx.membership.update({ where: { projectId_userId: { projectId, userId: current.userId } }, data: { role } });
      if (role !== current.role) await recordEventsIn(tx, actor, now, [membershipChanged(projectId, current.userId, role, current.role)]);
      return { member: { email, role, status: role === null ? null : "active" } };
    }
    if (role === null) {
      await tx.projectInvitation.deleteMany({ where: { projectId, email } });
      return { member: { email, role, status: null } };
    }
    if (user?.emailVerifiedAt) {
      await tx.projectInvitation.deleteMany({ where: { projectId, email } });
      await tx.membership.create({ data: { projectId, userId: user.id, role, createdAt: now } });
      await recordEventsIn(tx, actor, now, [membershipChanged(projectId, user.id, role, null)]);
      return { member: { email, role, status: "active" } };
    }
    await tx.projectInvitation.upsert({
      where: { projectId_email: { projectId, email } },
      create: { projectId, email, role, createdAt: now },
      update: { role },
    });
    return { member: { email, role, status: "invited" } };
  }, receiptCodec);
}
