import { getPrisma } from "@/lib/db/client";
import { emailSchema } from "./user-schema";

/**
 * Whether someone arriving through GitHub or OIDC with this (provider-verified) email may become
 * that account. An account protected by a password whose address was confirmed belongs to whoever
 * set it: an outside identity is never linked to it by email alone, so neither side can take over
 * the other's account. An unconfirmed one proves nothing, and the provider's verified address wins.
 */
export async function canLinkExternalIdentity(email: string): Promise<boolean> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) return false;
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { email: parsed.data }, select: { passwordHash: true, emailVerifiedAt: true } });
  return !user?.passwordHash || !user.emailVerifiedAt;
}
