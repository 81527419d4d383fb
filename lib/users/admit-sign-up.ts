import { consumeRateLimit, type RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";
import { rateLimitPolicy } from "@/lib/rate-limit/policy-in-force";

/** Sign-ups are counted per client address, before any work (hashing a password) is done. */
export function admitSignUp(clientAddress: string): Promise<RateLimitDecision> {
  return consumeRateLimit(rateLimitPolicy("sign-up-address"), clientAddress);
}
