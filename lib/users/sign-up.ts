import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import { signUpInputSchema, type UserView } from "./user-schema";

export async function signUp(input: z.input<typeof signUpInputSchema>): Promise<UserView> {
  const { name, email, password } = parseOrThrow(signUpInputSchema, input);
  const prisma = await getPrisma();
  // Any existing account is refused, also one made through OAuth or by an operator without a
  // password: otherwise whoever signs up first with someone's email would take their account over.
  const taken = () =>
    new DomainError("VALIDATION_ERROR", "An account with this email already exists. Sign in instead.", {
      issues: [{ path: "email", message: "already registered" }],
    });
  if (await prisma.user.findUnique({ where: { email } })) throw taken();
  const passwordHash = await hashPassword(password);
  const user = await prisma.user.create({ data: { email, name: name || null, passwordHash } }).catch((error: { code?: string }) => {
    // Two sign-ups with one email at the same moment: the unique index decides.
    throw error.code === "P2002" ? taken() : error;
  });
  return { id: user.id, email: user.email, name: user.name };
}
