import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { lockEmailAddress } from "@/lib/users/lock-email-address";
import { emailSchema } from "@/lib/users/user-schema";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { addBuiltInTemplates } from "@/lib/templates/add-built-in-templates";
import { createProjectArgsSchema, type MemberChange } from "./project-schema";

const createProjectForOwnerSchema = z.strictObject({
  name: createProjectArgsSchema.shape.name,
  description: createProjectArgsSchema.shape.description,
  ownerEmail: emailSchema,
});

/**
 * The operator starts a project for someone (`npm run admin -- create-project`): its owner is the
 * account of that address when the address is confirmed, and otherwise an invitation as owner, which
 * also lets that person sign up where sign-up is by invitation only (docs/security.md#accounts).
 */
export async function createProjectForOwner(
  input: z.input<typeof createProjectForOwnerSchema>,
): Promise<{ project: { id: string; name: string }; owner: MemberChange }> {
  const { name, description, ownerEmail: email } = parseOrThrow(createProjectForOwnerSchema, input);
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    await lockEmailAddress(tx, email);
    const now = new Date();
    const user = await tx.user.findUnique({ where: { email } });
    const project = await tx.project.create({ data: { name: name.trim(), description: description?.trim() || null, createdAt: now } });
    await addBuiltInTemplates(tx, project.id, now);
    if (user?.emailVerifiedAt) {
      await tx.membership.create({ data: { projectId: project.id, userId: user.id, role: "owner", createdAt: now } });
      return { project: { id: project.id, name: project.name }, owner: { email, role: "owner", status: "active" } };
    }
    await tx.projectInvitation.create({ data: { projectId: project.id, email, role: "owner", createdAt: now } });
    return { project: { id: project.id, name: project.name }, owner: { email, role: "owner", status: "invited" } };
  }, transactionOptions);
}
