import { getPrisma } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { emailSchema, type UserView } from "./user-schema";

/** Finds a person by email or creates one without a password (OAuth sign-in, operator commands). */
export async function ensureUser(email: string, name?: string | null): Promise<UserView> {
  const normalized = parseOrThrow(emailSchema, email);
  const prisma = await getPrisma();
  const user = await prisma.user.upsert({
    where: { email: normalized },
    update: {},
    create: { email: normalized, name: name?.trim() || null },
  });
  return { id: user.id, email: user.email, name: user.name };
}
