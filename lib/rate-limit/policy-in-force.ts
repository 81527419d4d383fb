import { env } from "@/lib/config/env";
import { defaultRateLimits, type RateLimitName, type RateLimitPolicy } from "./policy";

/** The policy in force (the default, or its BRIEFS_RATE_LIMITS override), or null when switched off. */
export function rateLimitPolicy(name: RateLimitName): RateLimitPolicy | null {
  const override = env().BRIEFS_RATE_LIMITS.get(name);
  if (override === "off") return null;
  const policy: RateLimitPolicy = { name, ...defaultRateLimits[name] };
  if (!override) return policy;
  // A changed window also changes how long a key stays blocked, so both keep their proportion.
  return { ...policy, ...override, ...(policy.blockSeconds !== undefined && { blockSeconds: override.windowSeconds }) };
}
