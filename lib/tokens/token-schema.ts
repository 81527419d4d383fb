import { z } from "zod";
import { allScopes } from "@/lib/auth/scopes";
import { TOKEN_NAME_MAX } from "@/lib/contract/bounds";

/** About ten years: later dates are typing mistakes, and some cannot be stored at all. */
export const TOKEN_EXPIRY_MAX_DAYS = 3650;

const tokenNameSchema = z.string().trim().min(1, "Give the token a name.").max(TOKEN_NAME_MAX);

export const createTokenInputSchema = z.strictObject({
  name: tokenNameSchema,
  scopes: z
    .array(z.enum(allScopes))
    .min(1, "Choose at least one scope.")
    .transform((scopes) => allScopes.filter((s) => scopes.includes(s))),
  expiresAt: z.date().nullable().optional(),
});

export type CreateTokenInput = z.input<typeof createTokenInputSchema>;

export type ApiTokenView = {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
