import { checkReadiness } from "@/lib/server/check-readiness";
import { healthDetails } from "@/lib/server/health-details";

// Readiness for load balancers and orchestrators: no authentication. Beyond the verdict, only
// what an operator must see without the log: a migration that stops the start, and the
// scheduled backups' last good time and last failure (lib/server/health-details.ts).
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const ready = await checkReadiness();
  const details = healthDetails();
  return Response.json(
    { status: ready ? "ok" : "unavailable", ...(details && { details }) },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
