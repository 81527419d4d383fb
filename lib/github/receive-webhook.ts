import { env } from "@/lib/config/env";
import { readBoundedBody } from "@/lib/http/read-bounded-body";
import { storeDelivery } from "./store-delivery";
import { verifyWebhookSignature } from "./verify-webhook-signature";

/** GitHub sends at most 25 MB; anything larger is not one of its deliveries. */
export const WEBHOOK_BODY_MAX_BYTES = 25 * 1024 * 1024;

export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/**
 * POST /api/github/webhook (docs/contract.md#github-pull-requests), in the order that keeps refusals
 * cheap and stores nothing refused: the body bounded while read (413), the signature over the exact
 * bytes received (401), then JSON (400) and a delivery id (400); a verified delivery is stored for the
 * worker and answered at once (202), or answered 200 with why it was not stored.
 */
export async function receiveWebhook(request: Request): Promise<WebhookAnswer> {
  const secrets = env().GITHUB_WEBHOOK_SECRET ?? [];
  if (!secrets.length) return { status: 503, body: { error: "not_configured", message: "This server has no GITHUB_WEBHOOK_SECRET." } };
  const bytes = await readBoundedBody(request, WEBHOOK_BODY_MAX_BYTES);
  if (!bytes) return { status: 413, body: { error: "payload_too_large", message: `Deliveries are at most ${WEBHOOK_BODY_MAX_BYTES} bytes.` } };
  const body = bytes.toString("utf8");
  if (!(await verifyWebhookSignature(secrets, body, request.headers.get("x-hub-signature-256")))) {
    return { status: 401, body: { error: "bad_signature", message: "X-Hub-Signature-256 is missing or does not sign this body with the webhook secret." } };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return { status: 400, body: { error: "malformed_json", message: "The body is not JSON." } };
  }
  const id = request.headers.get("x-github-delivery")?.trim();
  const event = request.headers.get("x-github-event")?.trim();
  if (!id || id.length > 100 || !event || !payload || typeof payload !== "object" || Array.isArray(payload)) {
    return { status: 400, body: { error: "malformed_delivery", message: "A delivery needs X-GitHub-Delivery, X-GitHub-Event and a JSON object." } };
  }
  if (event === "ping") return { status: 200, body: { ok: true, event } };
  const outcome = await storeDelivery({ id, event, payload: payload as Record<string, unknown> });
  if (outcome.stored) return { status: 202, body: { ok: true, delivery: id } };
  return { status: 200, body: { ok: true, delivery: id, ignored: outcome.reason } };
}
