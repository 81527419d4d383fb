import { z } from "zod";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN } from "@/lib/auth/password";
import { EMAIL_MAX, PERSON_NAME_MAX } from "@/lib/contract/bounds";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address.").max(EMAIL_MAX));

const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .refine((p) => Buffer.byteLength(p, "utf8") <= PASSWORD_MAX_BYTES, `Use at most ${PASSWORD_MAX_BYTES} bytes.`);

export const signUpInputSchema = z.strictObject({
  name: z.string().trim().max(PERSON_NAME_MAX).optional(),
  email: emailSchema,
  password: passwordSchema,
});

export type UserView = { id: string; email: string; name: string | null };

export const changePasswordInputSchema = z.strictObject({
  currentPassword: z.string().min(1, "Enter your current password."),
  newPassword: passwordSchema,
});

export const confirmEmailInputSchema = z.strictObject({
  token: z.string().max(200),
  password: z.string().max(PASSWORD_MAX_BYTES).optional(),
});

export const emailOnlyInputSchema = z.strictObject({ email: emailSchema });
