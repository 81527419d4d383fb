import { checkReadiness } from "@/lib/server/check-readiness";

// Readiness for load balancers and orchestrators: no authentication, and nothing in the answer
// beyond the verdict.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const ready = await checkReadiness();
  return Response.json(
    { status: ready ? "ok" : "unavailable" },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
