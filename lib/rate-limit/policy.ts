/** How many requests one key may make in a window, and for how long it is refused after that. */
export type RateLimitPolicy = {
  /** Names the counters of this policy (part of every stored key) and its override setting. */
  name: string;
  points: number;
  windowSeconds: number;
  /** Once over the limit, refused for this long; unset: until the window ends. */
  blockSeconds?: number;
};

/**
 * Every limit of the app, in one place (docs/operations.md explains them). Each counts in the
 * database, so all instances share the count. BRIEFS_RATE_LIMITS can change or switch off each one.
 */
export const defaultRateLimits = {
  /** Failed password sign-ins per account: slows guessing one person's password from many addresses. */
  "sign-in-account": { points: 10, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Failed password sign-ins per client address: slows one address trying many accounts. */
  "sign-in-address": { points: 50, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Sign-ups and requests for a new confirmation link per client address. */
  "sign-up-address": { points: 10, windowSeconds: 60 * 60 },
  /**
   * Mails about an account (confirmation links, sign-up notices) per email address, whoever asks:
   * nobody can flood an inbox through the sign-up form or the "send a new link" button.
   */
  "account-mail": { points: 5, windowSeconds: 60 * 60 },
  /** OAuth client registrations (DCR) per client address: a client registers once per install. */
  "oauth-register-address": { points: 20, windowSeconds: 60 * 60 },
  /** MCP requests per API token: generous, an agent at work makes many small calls. */
  "mcp-token": { points: 1200, windowSeconds: 60 },
} satisfies Record<string, Omit<RateLimitPolicy, "name">>;

export type RateLimitName = keyof typeof defaultRateLimits;

export const rateLimitNames = Object.keys(defaultRateLimits) as RateLimitName[];

type RateLimitOverride = { points: number; windowSeconds: number } | "off";

const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;

/**
 * Parses BRIEFS_RATE_LIMITS: comma-separated `name=points/window` (window like 30s, 15m, 1h) or
 * `name=off`, e.g. `sign-up-address=50/1h,mcp-token=off`. Returns a message instead of a value when it is not valid.
 */
export function parseRateLimitOverrides(text: string, names: readonly string[]): Map<string, RateLimitOverride> | string {
  const overrides = new Map<string, RateLimitOverride>();
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)=(?:(off)|(\d+)\/(\d+)([smh]))$/.exec(part);
    if (!match) return `"${part}" is not name=points/window (e.g. sign-up-address=50/1h) or name=off`;
    const [, name, off, points, count, unit] = match;
    if (!names.includes(name)) return `unknown limit "${name}"; the limits are ${names.join(", ")}`;
    const windowSeconds = Number(count) * UNIT_SECONDS[unit as keyof typeof UNIT_SECONDS];
    if (!off && (Number(points) < 1 || windowSeconds < 1)) return `"${part}" must allow at least 1 request in at least 1 second`;
    overrides.set(name, off ? "off" : { points: Number(points), windowSeconds });
  }
  return overrides;
}
