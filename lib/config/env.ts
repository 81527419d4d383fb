import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "@/lib/http/loopback-host";
import { parseRateLimitOverrides, rateLimitNames } from "@/lib/rate-limit/policy";

/**
 * Every environment variable the app reads, validated once. `.env.example` and the README's
 * configuration table list the same names.
 */
const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection string")
    .optional(),
  BRIEFS_DATA_DIR: z.string().min(1).default("./data"),
  BRIEFS_AUTO_MIGRATE: flag.default(true),
  BRIEFS_SEED_DEMO: flag.default(true),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Public origin; when unset, http://localhost:<the port the app listens on> (lib/config/app-origin.ts). */
  APP_URL: z.url().optional(),
  BRIEFS_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .refine(
      (list) => list.split(",").map((o) => o.trim()).filter(Boolean).every((o) => URL.canParse(o) && new URL(o).origin === o.replace(/\/$/, "")),
      "must be a comma-separated list of origins such as https://briefs.example.com",
    ),
  BRIEFS_RECEIPT_TTL_HOURS: z.coerce.number().int().min(24).default(24),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_OIDC_ISSUER: z.url().optional(),
  AUTH_OIDC_ID: z.string().optional(),
  AUTH_OIDC_SECRET: z.string().optional(),
  AUTH_OIDC_NAME: z.string().default("Single sign-on"),
  // Operations: rate limits and the client address behind proxies (docs/operations.md).
  BRIEFS_RATE_LIMITS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const parsed = parseRateLimitOverrides(text, rateLimitNames);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
      return typeof parsed === "string" ? z.NEVER : parsed;
    }),
  BRIEFS_TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Tests only: lets OAuth client metadata documents live on loopback (http). Refused unless the app itself is local. */
  BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK: flag.default(false),
}).refine(
  (config) => !config.BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK || !config.APP_URL || isLoopbackUrl(config.APP_URL),
  { path: ["BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK"], message: "is for tests on a local app only; it is refused when APP_URL is not a loopback address" },
);

function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

type Env = z.infer<typeof envSchema> & { dataDir: string; inMemory: boolean };

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const blanksRemoved = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const inMemory = parsed.data.BRIEFS_DATA_DIR.startsWith("memory://");
  const dataDir = inMemory ? parsed.data.BRIEFS_DATA_DIR : path.resolve(parsed.data.BRIEFS_DATA_DIR);
  cached = { ...parsed.data, dataDir, inMemory };
  return cached;
}
