import { getPrisma } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { emailSchema, type UserView } from "./user-schema";

/** An existing account by its address, for operator commands that act as someone: never creates one. */
export async function findUserByEmail(email: string): Promise<UserView | null> {
  const normalized = parseOrThrow(emailSchema, email, "email");
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { email: normalized } });
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}
