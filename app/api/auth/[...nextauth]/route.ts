import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/next-auth";
import { watchSignInLimit } from "@/lib/auth/sign-in-limit-watch";

export const { GET } = handlers;

/** next-auth's own routes; a password sign-in refused by the rate limits is answered 429, not redirected. */
export async function POST(request: NextRequest): Promise<Response> {
  const limit = watchSignInLimit();
  const response = await limit.run(() => handlers.POST(request));
  const retryAfterSeconds = limit.retryAfterSeconds();
  if (retryAfterSeconds === undefined) return response;
  return Response.json(
    { error: "rate_limited", error_description: `Too many sign-in attempts. Try again in ${retryAfterSeconds} seconds.` },
    { status: 429, headers: { "retry-after": String(retryAfterSeconds), "cache-control": "no-store" } },
  );
}
