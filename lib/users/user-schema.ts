import { z } from "zod";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN } from "@/lib/auth/password";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address.").max(254));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .refine((p) => Buffer.byteLength(p, "utf8") <= PASSWORD_MAX_BYTES, `Use at most ${PASSWORD_MAX_BYTES} bytes.`);

export const signUpInputSchema = z.strictObject({
  name: z.string().trim().max(100).optional(),
  email: emailSchema,
  password: passwordSchema,
});

export type UserView = { id: string; email: string; name: string | null };

export const changePasswordInputSchema = z.strictObject({
  currentPassword: z.string().min(1, "Enter your current password."),
  newPassword: passwordSchema,
});
