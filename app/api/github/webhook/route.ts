import { receiveWebhook } from "@/lib/github/receive-webhook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GitHub's webhook deliveries for the App (docs/github.md); everything is decided in lib/github. */
export async function POST(request: Request) {
  const answer = await receiveWebhook(request);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
