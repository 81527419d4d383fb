import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "@/lib/http/loopback-host";
import { parseRateLimitOverrides, rateLimitNames } from "@/lib/rate-limit/policy";

export const signUpModes = ["open", "domains", "invite"] as const;
export type SignUpMode = (typeof signUpModes)[number];

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
  /**
   * Where live updates are listened for (lib/live): a direct or session-mode connection when
   * DATABASE_URL is a transaction-mode pooler; `none` when there is none, and the app then polls.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|none$)/, "must be a postgresql:// connection string, or none")
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
  // Email delivery (lib/mail): unset, mails are written to the server log instead of being sent.
  SMTP_URL: z
    .url()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465")
    .optional(),
  EMAIL_FROM: z.string().trim().min(3).optional(),
  // Who may create an account (lib/users/sign-up-policy.ts); the default depends on the mode, see below.
  BRIEFS_SIGNUP: z.enum(signUpModes).optional(),
  BRIEFS_SIGNUP_DOMAINS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const domains = text.split(",").map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean);
      const bad = domains.filter((d) => !DOMAIN_PATTERN.test(d));
      if (bad.length) ctx.addIssue({ code: "custom", message: `not a domain name: ${bad.join(", ")} (write e.g. example.com,example.org)` });
      return domains;
    }),
  // Scheduled backups (lib/backup/scheduled-backups.ts): off unless a folder is named.
  BRIEFS_BACKUP_DIR: z.string().min(1).optional(),
  BRIEFS_BACKUP_EVERY: z
    .string()
    .default("24h")
    .transform((text, ctx) => {
      const match = /^(\d+)\s*(s|m|h|d)$/.exec(text.trim());
      const ms = match ? Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"] : 0;
      if (!ms) ctx.addIssue({ code: "custom", message: "must be a duration such as 30m, 6h or 1d" });
      return ms || z.NEVER;
    }),
  BRIEFS_BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Tests only: lets OAuth client metadata documents live on loopback (http). Refused unless the app itself is local. */
  BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK: flag.default(false),
  /** Tests only: lets webhook endpoints be http://127.0.0.1:<port>. Refused unless the app itself is local. */
  BRIEFS_WEBHOOK_ALLOW_LOOPBACK: flag.default(false),
  // The GitHub App (lib/github, docs/github.md): connected repositories, their pull requests and webhooks.
  GITHUB_APP_ID: z.string().regex(/^\d+$/, "must be the App's numeric id").optional(),
  /** PEM, PKCS#1 ("BEGIN RSA PRIVATE KEY") or PKCS#8 ("BEGIN PRIVATE KEY"); or GITHUB_APP_PRIVATE_KEY_FILE names a file holding it. */
  GITHUB_APP_PRIVATE_KEY: z
    .string()
    .transform((text) => text.replace(/\\n/g, "\n"))
    .refine((pem) => /-----BEGIN (RSA )?PRIVATE KEY-----/.test(pem), "must be a PEM private key (BEGIN RSA PRIVATE KEY or BEGIN PRIVATE KEY)")
    .optional(),
  GITHUB_APP_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** Comma-separated: during a rotation both the new and the old secret are accepted. */
  GITHUB_WEBHOOK_SECRET: z
    .string()
    .transform((text) => text.split(",").map((s) => s.trim()).filter(Boolean))
    .optional(),
  GITHUB_API_URL: z.url().default("https://api.github.com"),
  // Signed test reports (lib/ci-proof): whose OpenID Connect tokens prove a workflow run's origin.
  GITHUB_OIDC_ISSUER: z.url().default("https://token.actions.githubusercontent.com"),
  // Seeing inside a running instance (lib/observe, docs/operations.md#metrics-traces-and-logs).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A bearer token that may read GET /api/metrics; without it (or a metrics port) the route answers 404. */
  BRIEFS_METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** A port on loopback that serves /api/metrics to anyone who can reach it (a sidecar or node agent). */
  BRIEFS_METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
})
  .refine(
    (config) => !config.BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK || !config.APP_URL || isLoopbackUrl(config.APP_URL),
    { path: ["BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK"], message: "is for tests on a local app only; it is refused when APP_URL is not a loopback address" },
  )
  .refine(
    (config) => !config.BRIEFS_WEBHOOK_ALLOW_LOOPBACK || !config.APP_URL || isLoopbackUrl(config.APP_URL),
    { path: ["BRIEFS_WEBHOOK_ALLOW_LOOPBACK"], message: "is for tests on a local app only; it is refused when APP_URL is not a loopback address" },
  )
  .refine((config) => httpsOrLoopback(config.GITHUB_API_URL, config.BRIEFS_WEBHOOK_ALLOW_LOOPBACK), {
    path: ["GITHUB_API_URL"],
    message: "must be an https:// URL (http on loopback only with BRIEFS_WEBHOOK_ALLOW_LOOPBACK, for tests)",
  })
  .refine((config) => !(config.GITHUB_APP_PRIVATE_KEY && config.GITHUB_APP_PRIVATE_KEY_FILE), {
    path: ["GITHUB_APP_PRIVATE_KEY_FILE"],
    message: "set either GITHUB_APP_PRIVATE_KEY or GITHUB_APP_PRIVATE_KEY_FILE, not both",
  })
  .refine((config) => !config.GITHUB_APP_ID || config.GITHUB_APP_PRIVATE_KEY || config.GITHUB_APP_PRIVATE_KEY_FILE, {
    path: ["GITHUB_APP_PRIVATE_KEY"],
    message: "is required with GITHUB_APP_ID (or GITHUB_APP_PRIVATE_KEY_FILE): the App's private key, as GitHub gave it",
  })
  .refine((config) => httpsOrLoopback(config.GITHUB_OIDC_ISSUER, config.BRIEFS_WEBHOOK_ALLOW_LOOPBACK), {
    path: ["GITHUB_OIDC_ISSUER"],
    message: "must be an https:// URL (http on loopback only with BRIEFS_WEBHOOK_ALLOW_LOOPBACK, for tests)",
  })
  .refine((config) => !config.SMTP_URL || config.EMAIL_FROM, {
    path: ["EMAIL_FROM"],
    message: "is required with SMTP_URL: the sender of every mail, e.g. Briefs <briefs@example.com>",
  })
  .refine((config) => config.BRIEFS_SIGNUP !== "domains" || config.BRIEFS_SIGNUP_DOMAINS.length > 0, {
    path: ["BRIEFS_SIGNUP_DOMAINS"],
    message: "is required with BRIEFS_SIGNUP=domains: the email domains that may sign up, e.g. example.com,example.org",
  })
  .refine((config) => !config.BRIEFS_SIGNUP || config.BRIEFS_SIGNUP === "domains" || config.BRIEFS_SIGNUP_DOMAINS.length === 0, {
    path: ["BRIEFS_SIGNUP_DOMAINS"],
    message: "is read only with BRIEFS_SIGNUP=domains; remove it or set BRIEFS_SIGNUP=domains",
  });

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/**
 * https, or http to this machine when loopback is allowed: tokens, keys and installation tokens are
 * fetched from these addresses, and tests stand in for GitHub and its issuer on 127.0.0.1.
 */
function httpsOrLoopback(url: string, allowLoopback: boolean): boolean {
  const parsed = new URL(url);
  return parsed.protocol === "https:" || (allowLoopback && parsed.protocol === "http:" && isLoopbackHost(parsed.hostname));
}

type Env = z.infer<typeof envSchema> & { dataDir: string; inMemory: boolean; signUpMode: SignUpMode };

let cached: Env | undefined;

export function env(): Env {
  cached ??= readEnv(process.env);
  return cached;
}

/** Validates an environment (process.env, or one a test makes up); throws a message naming every bad variable. */
export function readEnv(source: Record<string, string | undefined>): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const inMemory = parsed.data.BRIEFS_DATA_DIR.startsWith("memory://");
  const dataDir = inMemory ? parsed.data.BRIEFS_DATA_DIR : path.resolve(parsed.data.BRIEFS_DATA_DIR);
  return { ...parsed.data, dataDir, inMemory, signUpMode: defaultSignUpMode(parsed.data, source.NODE_ENV) };
}

/**
 * BRIEFS_SIGNUP when set. Otherwise `domains` when domains are listed, and else by mode: a server run
 * with `npm start` (NODE_ENV=production) is reachable by people the operator does not know, so only
 * people invited to a project may create an account there; `npm run dev` and the tests stay open.
 */
function defaultSignUpMode(config: { BRIEFS_SIGNUP?: SignUpMode; BRIEFS_SIGNUP_DOMAINS: string[] }, nodeEnv: string | undefined): SignUpMode {
  if (config.BRIEFS_SIGNUP) return config.BRIEFS_SIGNUP;
  if (config.BRIEFS_SIGNUP_DOMAINS.length) return "domains";
  return nodeEnv === "production" ? "invite" : "open";
}
