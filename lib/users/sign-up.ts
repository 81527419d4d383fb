import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { signUpInputSchema, type UserView } from "./user-schema";

export async function signUp(input: z.input<typeof signUpInputSchema>): Promise<UserView> {
  const { name, email, password } = parseOrThrow(signUpInputSchema, input);
  const prisma = await getPrisma();
  const passwordHash = await hashPassword(password);
  // An account made through OAuth may set a password later; one with a password may not be taken over.
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing?.passwordHash) {
    throw new DomainError("VALIDATION_ERROR", "An account with this email already exists.", {
      issues: [{ path: "email", message: "already registered" }],
    });
  }
  const user = existing
    ? await prisma.user.update({ where: { id: existing.id }, data: { passwordHash, name: existing.name ?? name ?? null } })
    : await prisma.user.create({ data: { email, name: name || null, passwordHash } });
  return { id: user.id, email: user.email, name: user.name };
}
