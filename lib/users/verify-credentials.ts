import { getPrisma } from "@/lib/db/client";
import { verifyPassword } from "@/lib/auth/password";
import { emailSchema, type UserView } from "./user-schema";

// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = "$2b$12$pbiqWBih0XFZSjvLQM5PjOggtUhCGSlDqf2EMgySIEiERvtq27vDm";

export async function verifyCredentials(email: unknown, password: unknown): Promise<UserView | null> {
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success || typeof password !== "string" || password.length === 0) return null;
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { email: parsedEmail.data } });
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  return ok && user?.passwordHash ? { id: user.id, email: user.email, name: user.name } : null;
}
