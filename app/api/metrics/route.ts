import { answerMetricsRequest } from "@/lib/observe/serve-metrics";

// Prometheus scrapes here with BRIEFS_METRICS_TOKEN (lib/observe/serve-metrics.ts); 404 otherwise.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return answerMetricsRequest(request);
}
