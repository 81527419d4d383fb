import { getPrisma } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { emailSchema, type UserView } from "./user-schema";

// Compared against when the email is unknown, so both failures cost the same.
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$a85WOWfYEta0gHkvpEtQIQ$vV2mNJDmItCDGbcsrcaSAEpiP+zKLHrJCGxqFzG4+IM";

export async function verifyCredentials(email: unknown, password: unknown): Promise<UserView | null> {
  const parsedEmail = emailSchema.safeParse(email);
  if (!parsedEmail.success || typeof password !== "string" || password.length === 0) return null;
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { email: parsedEmail.data } });
  const stored = user?.passwordHash ?? DUMMY_HASH;
  const check = await verifyPassword(password, stored);
  if (!check.ok || !user?.passwordHash) return null;
  if (check.needsRehash) {
    // An older hash (bcrypt, or weaker parameters) is replaced now that the password is known.
    // Only if it is still the one just checked: a password change meanwhile wins.
    const upgraded = await hashPassword(password);
    await prisma.user.updateMany({ where: { id: user.id, passwordHash: stored }, data: { passwordHash: upgraded } });
  }
  return { id: user.id, email: user.email, name: user.name };
}
