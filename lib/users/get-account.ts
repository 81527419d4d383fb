import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";

export type AccountView = { email: string; name: string | null; emailConfirmed: boolean; hasPassword: boolean };

/** The signed-in person's own account, for the account page and the "confirm your address" notice. */
export async function getAccount(actor: Actor): Promise<AccountView> {
  const prisma = await getPrisma();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId } });
  return { email: user.email, name: user.name, emailConfirmed: Boolean(user.emailVerifiedAt), hasPassword: Boolean(user.passwordHash) };
}
